import { TOAST_DURATION_MS } from '@qualis/contract';
import { message } from 'antd';
import { useCallback } from 'react';

/**
 * A page's success toasts (spec 02 section 8): the server's own text when it sends one, else the
 * translated fallback. Render `holder` once in the page.
 */
export function useSuccessToast() {
  const [api, holder] = message.useMessage({ maxCount: 1, duration: TOAST_DURATION_MS / 1000 });
  const success = useCallback(
    (serverText: string | undefined, fallback: string) => void api.success(serverText || fallback),
    [api],
  );
  return { success, holder };
}

export type SuccessToast = ReturnType<typeof useSuccessToast>['success'];
