import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { createQueryClient } from '../shared/query-client';

/**
 * Data access for the signed-in part of the app. Its query cache lives as long as the session:
 * signing out unmounts it, so nothing fetched for one person is shown to the next. Loaded lazily,
 * which keeps TanStack Query out of the sign-in page's code.
 */
export default function SessionProviders() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
