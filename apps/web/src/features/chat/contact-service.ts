import { sessionApi } from '@chatpay/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/request.ts';
import { navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';
import { toastError } from '../../lib/toast.ts';
import { chatKeys } from './keys.ts';

/** "Contact customer service" (Me tab, settings): opens the chat with the shared service account. */
export const useContactService = () => {
  const qc = useQueryClient();
  const open = useMutation({
    mutationFn: () => call(sessionApi.checkService, {}),
    // A first contact creates the chat: the list shows it when the member goes back, without a reload.
    onSuccess: () => void qc.invalidateQueries({ queryKey: chatKeys.sessions() }),
  });
  return {
    pending: open.isPending,
    open: () =>
      open.mutate(undefined, {
        onSuccess: (session) => navigate({ path: Paths.chatIndex, query: { id: session.id } }),
        onError: toastError,
      }),
  };
};
