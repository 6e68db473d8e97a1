/**
 * The API client lives outside React, but redirects go through the router and toasts through
 * antd's App context. The router and the toast host bind themselves here when they mount.
 */
type Navigate = (to: string, options?: { state?: unknown }) => void;
/** Errors (the API client), successes and warnings (the pages) share one toast host, so one toast shows at a time. */
export type ToastKind = 'error' | 'success' | 'warning';
type Notify = (text: string, kind?: ToastKind) => void;

/**
 * The toast host's code loads on the first toast: until a host binds, the last text waits here,
 * and the app's providers are told to mount one.
 */
let pending: { text: string; kind: ToastKind | undefined } | null = null;
let hostNeeded = false;
const hostListeners = new Set<() => void>();
const holdToast: Notify = (text, kind) => {
  pending = { text, kind };
  if (hostNeeded) return;
  hostNeeded = true;
  for (const listener of hostListeners) listener();
};

/** Whether a toast host should be mounted (once a toast has been raised); for useSyncExternalStore. */
export const toastHost = {
  needed: () => hostNeeded,
  subscribe: (listener: () => void) => {
    hostListeners.add(listener);
    return () => void hostListeners.delete(listener);
  },
};

let navigateImpl: Navigate = (to) => window.location.assign(to);
let notifyImpl: Notify = holdToast;

export const navigate: Navigate = (to, options) => navigateImpl(to, options);
export const notify: Notify = (text, kind) => notifyImpl(text, kind);

export function bindNavigate(impl: Navigate) {
  navigateImpl = impl;
}

export function bindNotify(impl: Notify) {
  notifyImpl = impl;
  if (pending !== null) impl(pending.text, pending.kind);
  pending = null;
  return () => {
    if (notifyImpl === impl) notifyImpl = holdToast;
  };
}
