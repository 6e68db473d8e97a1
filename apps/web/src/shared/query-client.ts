import { QueryClient } from '@tanstack/react-query';

/** The API client already reports every failure; retrying would repeat the toast and the redirect. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
