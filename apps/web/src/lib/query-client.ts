import { QueryClient } from '@tanstack/react-query';

/**
 * The API client shows its own error toasts, so retrying would repeat them: no retries.
 * Data stays fresh for a short while so tab switches do not refetch needlessly.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
}
