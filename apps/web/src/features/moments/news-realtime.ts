import { momentNewsPayload } from '@chatpay/shared';
import type { QueryClient } from '@tanstack/react-query';
import { onServerEvent } from '../../lib/socket.ts';
import { useMomentsNews } from './news.ts';
import { momentKeys } from './queries.ts';

let started = false;

/** Listens once: the Discovery tab's news grows, and an open feed or moment is read again. */
export const startMomentsNews = (client: QueryClient) => {
  if (started) return;
  started = true;
  onServerEvent('moment', (raw) => {
    const parsed = momentNewsPayload.safeParse(raw);
    if (!parsed.success) return;
    useMomentsNews.getState().add(parsed.data);
    void client.invalidateQueries({ queryKey: momentKeys.all });
  });
};
