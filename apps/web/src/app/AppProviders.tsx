import { ConfigProvider } from 'antd';
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { toastHost } from '../shared/bridges';
import { theme } from './theme';

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

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={theme}>
      <Toasts />
      {children}
    </ConfigProvider>
  );
}
