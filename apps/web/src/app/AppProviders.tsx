import { ConfigProvider } from 'antd';
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { toastHost } from '../shared/bridges';
import { theme, withoutMotion } from './theme';

// antd's message code loads with the first toast, not with the first page.
const ToastHost = lazy(() => import('./ToastHost'));

function Toasts() {
  const needed = useSyncExternalStore(toastHost.subscribe, toastHost.needed);
  return (
    needed && (
      <Suspense fallback={null}>
        <ToastHost />
      </Suspense>
    )
  );
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const reducedMotion = {
  subscribe(onChange: () => void) {
    const query = window.matchMedia?.(REDUCED_MOTION);
    query?.addEventListener('change', onChange);
    return () => query?.removeEventListener('change', onChange);
  },
  asked: () => window.matchMedia?.(REDUCED_MOTION).matches ?? false,
};

export function AppProviders({ children }: { children: ReactNode }) {
  // A person whose system asks for reduced motion gets no opening, closing or sliding animations.
  const motionOff = useSyncExternalStore(reducedMotion.subscribe, reducedMotion.asked);
  return (
    <ConfigProvider theme={motionOff ? withoutMotion : theme}>
      <Toasts />
      {children}
    </ConfigProvider>
  );
}
