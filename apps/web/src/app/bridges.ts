/**
 * The API client lives outside React, but redirects go through the router and toasts through
 * antd's App context. The router and the toast host bind themselves here when they mount.
 */
type Navigate = (to: string, options?: { state?: unknown }) => void;
/** Errors (the API client) and successes (the pages) share one toast host, so one toast shows at a time. */
export type ToastKind = 'error' | 'success';
type Notify = (text: string, kind?: ToastKind) => void;

let navigateImpl: Navigate = (to) => window.location.assign(to);
let notifyImpl: Notify = (text) => console.error(text);

export const navigate: Navigate = (to, options) => navigateImpl(to, options);
export const notify: Notify = (text, kind) => notifyImpl(text, kind);

export function bindNavigate(impl: Navigate) {
  navigateImpl = impl;
}

export function bindNotify(impl: Notify) {
  notifyImpl = impl;
  return () => {
    if (notifyImpl === impl) notifyImpl = (text) => console.error(text);
  };
}
