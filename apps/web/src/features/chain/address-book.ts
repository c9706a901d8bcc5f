import {
  type AddressBook,
  addressBookApi,
  type InputOf,
  type Network,
  type SavedAddress,
} from '@chatpay/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/request.ts';
import { chainKeys } from './queries.ts';

/** My saved withdrawal addresses and the allowlist mode. */
export const useAddressBook = () =>
  useQuery({ queryKey: chainKeys.addressBook(), queryFn: () => call(addressBookApi.list, {}) });

/** The saved addresses of one network a withdrawal may go to now, for the withdraw form's picker. */
export const usableOn = (book: AddressBook | undefined, network: Network | null): SavedAddress[] =>
  (book?.list ?? []).filter((a) => a.network === network);

const useBookMutation = <I, O>(run: (input: I) => Promise<O>) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => qc.invalidateQueries({ queryKey: chainKeys.addressBook() }),
  });
};

export const useAddAddress = () =>
  useBookMutation((input: InputOf<typeof addressBookApi.add>) => call(addressBookApi.add, input));

export const useLabelAddress = () =>
  useBookMutation((input: InputOf<typeof addressBookApi.label>) => call(addressBookApi.label, input));

export const useRemoveAddress = () => useBookMutation((id: number) => call(addressBookApi.remove, { id }));

export const useSetAllowlist = () =>
  useBookMutation((enabled: boolean) => call(addressBookApi.allowlist, { enabled }));
