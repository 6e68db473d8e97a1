import { TOAST_DURATION_MS } from '@qualis/contract';
import { message } from 'antd';
import { useEffect } from 'react';
import { bindNotify } from '../shared/bridges';

/**
 * The app's one toast host (spec 01 section 8): the API client's errors and the pages' successes,
 * one at a time (a new toast replaces the shown one), 10 s each. It outlives the pages, so a flow
 * may toast and then leave.
 */
export default function ToastHost() {
  const [api, holder] = message.useMessage({ maxCount: 1, duration: TOAST_DURATION_MS / 1000 });
  useEffect(() => bindNotify((text, kind = 'error') => void api.open({ type: kind, content: text })), [api]);
  return holder;
}
