import { kycReviewPayload } from '@chatpay/shared';
import type { QueryClient } from '@tanstack/react-query';
import { onServerEvent } from '../../lib/socket.ts';
import { identityKeys } from './keys.ts';

let started = false;
let client: QueryClient | null = null;

/** A reviewer decided my submission: my verification page (and whatever shows my level) reads it again. */
export const startIdentityRealtime = (queryClient: QueryClient) => {
  client = queryClient;
  if (started) return;
  started = true;
  onServerEvent('onKycReview', (raw) => {
    if (!kycReviewPayload.safeParse(raw).success) return;
    void client?.invalidateQueries({ queryKey: identityKeys.all });
  });
};
