import { TOAST_DURATION_MS } from '@qualis/contract';
import { message } from 'antd';
import { useEffect } from 'react';
import { bindNotify } from './bridges';

/** Routes the API client's toasts into antd's themed message API: one at a time, 10 s each. */
export default function ToastHost() {
  const [api, holder] = message.useMessage({ maxCount: 1, duration: TOAST_DURATION_MS / 1000 });
  useEffect(() => bindNotify((text) => void api.error(text)), [api]);
  return holder;
}
