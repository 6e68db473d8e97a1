import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/**
 * A detail page whose record failed to load (spec 03 sections 2 and 6) goes to `to`, its area's
 * list, in place of the detail. The API client has already said why, once: 'Access denied' for a
 * record the person may not open or that is not there (the server does not tell them apart).
 */
export function useLeaveFailedDetail(failed: boolean, to: string) {
  const navigate = useNavigate();
  useEffect(() => {
    if (failed) void navigate(to, { replace: true });
  }, [failed, navigate, to]);
}
