const DIALOG = '.ant-modal-root, .ant-modal-wrap, .ant-drawer, [role="dialog"], [role="alertdialog"]';

/**
 * Gives focus back to the control that opened a dialog once the dialog is gone (WCAG 2.4.3).
 * The app unmounts its dialogs when they close, which leaves antd no chance to do it and drops a
 * keyboard user's focus on the page's body; one observer for every dialog does it instead.
 */
export function installFocusReturn(doc: Document = document): () => void {
  let opener: HTMLElement | null = null;
  let inDialog = false;
  const onFocusIn = (event: FocusEvent) => {
    const target = event.target as HTMLElement | null;
    if (!target) return;
    inDialog = Boolean(target.closest(DIALOG));
    if (!inDialog) opener = target;
  };
  const observer = new MutationObserver(() => {
    const lost = !doc.activeElement || doc.activeElement === doc.body;
    if (!inDialog || !lost) return;
    inDialog = false;
    if (opener?.isConnected) opener.focus({ preventScroll: true });
  });
  doc.addEventListener('focusin', onFocusIn);
  observer.observe(doc.body, { childList: true, subtree: true });
  return () => {
    doc.removeEventListener('focusin', onFocusIn);
    observer.disconnect();
  };
}
