import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { billingKey } from '../../api/billing';
import { jobsKey } from '../../api/jobs';
import { startNewsStream } from '../../api/news-stream';
import { useSessionToken } from '../../api/session-store';
import { refreshNews } from './news/use-news';

/**
 * The live stream of a signed-in session (GET /v1/messages/stream), opened once in the shell:
 * a `news` event refreshes the unread counts and that group's list, a `job` event every job
 * list and counter and the billing reads (compute used, the ledger's usage, an instance's job
 * counts), so a job that ends shows without polling or a reload. A new token (sign-in
 * as someone else) reopens it; sign-out stops it.
 */
export function LiveEvents() {
  const token = useSessionToken();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token) return;
    return startNewsStream({
      onNews: (type) => void refreshNews(queryClient, type),
      onJob: () => {
        void queryClient.invalidateQueries({ queryKey: jobsKey });
        void queryClient.invalidateQueries({ queryKey: billingKey });
      },
    });
  }, [token, queryClient]);
  return null;
}
