import { type InputOf, redPacketApi } from '@chatpay/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/request.ts';
import { receiveStored } from '../chat/index.ts';
import { invalidateWallet } from '../wallet/index.ts';
import { redPacketKeys } from './keys.ts';

export { redPacketKeys } from './keys.ts';

/**
 * A red packet with its claims. Bubbles share it by id; the `redpacket` socket event and my own claim
 * refresh it, and a bubble re-reads it when the packet's time may be up.
 */
export const useRedPacket = (id: number, options: { fresh?: boolean } = {}) =>
  useQuery({
    queryKey: redPacketKeys.detail(id),
    queryFn: () => call(redPacketApi.detail, { id }),
    enabled: id > 0,
    // Only the sender and the claimer hear of a claim: the claim list reads the packet anew when it opens.
    staleTime: options.fresh ? 0 : 60_000,
    refetchOnMount: options.fresh ? 'always' : true,
    retry: false,
  });

/** Opens a red packet: my share lands in my wallet, the packet in the cache. */
export const useClaimRedPacket = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(redPacketApi.claim, { id }),
    onSuccess: (result) => {
      qc.setQueryData(redPacketKeys.detail(result.packet.id), result.packet);
      void invalidateWallet(qc);
    },
    onError: (_error, id) => void qc.invalidateQueries({ queryKey: redPacketKeys.detail(id) }),
  });
};

/** Sends a red packet; its message shows in the chat at once. */
export const useSendRedPacket = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<typeof redPacketApi.send>) => call(redPacketApi.send, input),
    onSuccess: ({ message, packet }) => {
      qc.setQueryData(redPacketKeys.detail(packet.id), packet);
      receiveStored(message);
    },
    onSettled: () => invalidateWallet(qc),
  });
};
