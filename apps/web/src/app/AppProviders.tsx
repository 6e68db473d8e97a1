import { TOAST_DURATION_MS } from '@qualis/contract';
import { ConfigProvider, message } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { bindNotify } from './bridges';
import { theme } from './theme';

/** Routes the API client's toasts into antd's themed message API: one at a time, 10 s each. */
function ToastHost() {
  const [api, holder] = message.useMessage({ maxCount: 1, duration: TOAST_DURATION_MS / 1000 });
  useEffect(() => bindNotify((text) => void api.error(text)), [api]);
  return holder;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={theme}>
      <ToastHost />
      {children}
    </ConfigProvider>
  );
}
