import { TOAST_DURATION_MS } from '@qualis/contract';
import { message } from 'antd';
import { useCallback } from 'react';

/**
 * Success toasts of the organizations page: the server's own text when it sends one, else the
 * translated fallback; one at a time, 10 s each. Render `holder` once in the component.
 */
export function useOrganizationToast() {
  const [api, holder] = message.useMessage({ maxCount: 1, duration: TOAST_DURATION_MS / 1000 });
  const success = useCallback(
    (serverText: string | undefined, fallback: string) => void api.success(serverText || fallback),
    [api],
  );
  return { success, holder };
}

export type SuccessToast = ReturnType<typeof useOrganizationToast>['success'];
