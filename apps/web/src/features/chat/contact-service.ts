import { sessionApi } from '@chatpay/shared';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../lib/request.ts';
import { navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';
import { toastError } from '../../lib/toast.ts';

/** "Contact customer service" (Me tab, settings): opens the chat with the shared service account. */
export const useContactService = () => {
  const open = useMutation({ mutationFn: () => call(sessionApi.checkService, {}) });
  return {
    pending: open.isPending,
    open: () =>
      open.mutate(undefined, {
        onSuccess: (session) => navigate({ path: Paths.chatIndex, query: { id: session.id } }),
        onError: toastError,
      }),
  };
};
