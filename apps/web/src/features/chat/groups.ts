import { groupApi } from '@chatpay/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../lib/request.ts';
import { toastError } from '../../lib/toast.ts';
import { chatKeys } from './keys.ts';

export const groupKeys = {
  info: (sessionId: number) => [...chatKeys.all, 'group', sessionId] as const,
  list: () => [...chatKeys.all, 'groups'] as const,
};

/** A group with its members, by its session id. */
export const useGroupInfo = (sessionId: number) =>
  useQuery({
    queryKey: groupKeys.info(sessionId),
    queryFn: () => call(groupApi.info, { sessionId }),
    enabled: sessionId > 0,
    retry: false,
  });

export const useGroups = () =>
  useQuery({ queryKey: groupKeys.list(), queryFn: () => call(groupApi.list, {}) });

/** Runs a group change; on success everything chat-related reloads, on failure the reason is shown. */
export const useGroupRun = () => {
  const qc = useQueryClient();
  return useCallback(
    async <T>(run: () => Promise<T>): Promise<T | null> => {
      try {
        const result = await run();
        await qc.invalidateQueries({ queryKey: chatKeys.all });
        return result;
      } catch (error) {
        toastError(error);
        return null;
      }
    },
    [qc],
  );
};

/** The link a group QR code carries: the join page of this app for the group's code. */
export const groupJoinLink = (code: string) =>
  `${window.location.origin}${window.location.pathname}#/pages/chat/group-join?code=${encodeURIComponent(code)}`;
