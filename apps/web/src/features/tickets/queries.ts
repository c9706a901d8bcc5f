import { dictApi, type InputOf, type TicketKind } from '@chatpay/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/request.ts';
import { ticketApis, ticketDict } from './kinds.ts';

const PAGE_SIZE = 20;

export const ticketKeys = {
  all: ['tickets'] as const,
  types: (kind: TicketKind) => [...ticketKeys.all, kind, 'types'] as const,
  list: (kind: TicketKind) => [...ticketKeys.all, kind, 'list'] as const,
  detail: (kind: TicketKind, id: number) => [...ticketKeys.all, kind, 'detail', id] as const,
};

/** The types a member may choose, in the dictionary's order. */
export const useTicketTypes = (kind: TicketKind) =>
  useQuery({
    queryKey: ticketKeys.types(kind),
    queryFn: async () => (await call(dictApi.data, { types: [ticketDict[kind]] }))[ticketDict[kind]] ?? [],
    staleTime: 10 * 60_000,
  });

export const useTickets = (kind: TicketKind) =>
  useInfiniteQuery({
    queryKey: ticketKeys.list(kind),
    queryFn: ({ pageParam }) => call(ticketApis[kind].page, { page: pageParam, size: PAGE_SIZE }),
    staleTime: 0,
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.list.length > 0 && last.pagination.page * last.pagination.size < last.pagination.total
        ? last.pagination.page + 1
        : undefined,
  });

export const useTicket = (kind: TicketKind, id: number) =>
  useQuery({
    queryKey: ticketKeys.detail(kind, id),
    queryFn: () => call(ticketApis[kind].info, { id }),
    // Support may have answered since: every visit asks again (the cached copy shows meanwhile).
    staleTime: 0,
    enabled: id > 0,
    retry: false,
  });

export type TicketInput = InputOf<typeof ticketApis.complain.submit>;

export const useSubmitTicket = (kind: TicketKind) => {
  const qc = useQueryClient();
  return useMutation({
    // Feedback takes no target: the same form sends it only for complaints.
    mutationFn: ({ targetUserId, targetKind, targetId, ...rest }: TicketInput) =>
      kind === 'complain'
        ? call(ticketApis.complain.submit, { ...rest, targetUserId, targetKind, targetId })
        : call(ticketApis.feedback.submit, rest),
    onSuccess: (ticket) => {
      qc.setQueryData(ticketKeys.detail(kind, ticket.id), ticket);
      void qc.invalidateQueries({ queryKey: ticketKeys.list(kind) });
    },
  });
};
