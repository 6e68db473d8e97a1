import { useCallback } from 'react';
import { notify } from '../shared/bridges';

/**
 * A page's success toasts (spec 02 section 8): the server's own text when it sends one, else the
 * translated fallback. They go to the app's one toast host, which also shows the errors.
 */
export function useSuccessToast() {
  const success = useCallback(
    (serverText: string | undefined, fallback: string) => notify(serverText || fallback, 'success'),
    [],
  );
  return { success };
}

export type SuccessToast = ReturnType<typeof useSuccessToast>['success'];
