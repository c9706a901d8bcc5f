import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { ErrorCode } from '../errors.ts';
import { stepUpProof } from './user.ts';
import { networks } from './wallet.ts';

const BOOK = '/app/usdt/wallet/addressBook';

/** Saved withdrawal addresses per member, all networks together. */
export const ADDRESS_BOOK_MAX = 50;
export const ADDRESS_LABEL_MAX = 30;

const id = z.coerce.number().int().positive().max(2_147_483_647);
const label = z.string().trim().min(1, 'Content cannot be empty').max(ADDRESS_LABEL_MAX);

export const savedAddress = z.object({
  id: z.number().int(),
  network: z.enum(networks),
  address: z.string(),
  label: z.string(),
  /** When a withdrawal may first go to it (ISO): saving starts a delay. */
  usableFrom: z.string(),
  /** Whether a withdrawal may go to it now. */
  usable: z.boolean(),
  createTime: z.string(),
});
export type SavedAddress = z.infer<typeof savedAddress>;

export const addressBook = z.object({
  /** Withdrawals go only to usable saved addresses while this is on. */
  allowlist: z.boolean(),
  /** Turning the allowlist off takes effect at this time (ISO); null when not being turned off. */
  allowlistOffFrom: z.string().nullable(),
  /** Hours between saving an address (or turning the allowlist off) and its effect. */
  delayHours: z.number().int(),
  list: z.array(savedAddress),
});
export type AddressBook = z.infer<typeof addressBook>;

export const addressBookApi = {
  list: endpoint({
    method: 'GET',
    path: `${BOOK}/list`,
    auth: 'user',
    summary: 'My saved withdrawal addresses, newest first, and whether withdrawals go only to them',
    input: z.object({}),
    output: addressBook,
  }),
  add: endpoint({
    method: 'POST',
    path: `${BOOK}/add`,
    auth: 'user',
    summary:
      'Save a withdrawal address with a label (checked like a withdrawal); usable after the delay, with a notice',
    input: z.object({
      network: z.enum(networks),
      address: z.string().trim().min(20).max(128),
      label,
      /** A member with a second factor proves it first (docs/security.md, "Second factors"). */
      stepUp: stepUpProof.optional(),
    }),
    output: savedAddress,
    errors: [
      ErrorCode.StepUpRequired,
      ErrorCode.NetworkNotEnabled,
      ErrorCode.InvalidAddress,
      ErrorCode.OwnAddress,
      ErrorCode.AddressAlreadySaved,
      ErrorCode.AddressBookFull,
    ],
  }),
  label: endpoint({
    method: 'POST',
    path: `${BOOK}/label`,
    auth: 'user',
    summary: 'Rename a saved address (another member’s is not found)',
    input: z.object({ id, label }),
    output: savedAddress,
    errors: [ErrorCode.AddressBookEntryNotFound],
  }),
  remove: endpoint({
    method: 'POST',
    path: `${BOOK}/remove`,
    auth: 'user',
    summary: 'Delete a saved address (another member’s is not found)',
    input: z.object({ id }),
    output: z.object({ id: z.number().int() }),
    errors: [ErrorCode.AddressBookEntryNotFound],
  }),
  allowlist: endpoint({
    method: 'POST',
    path: `${BOOK}/allowlist`,
    auth: 'user',
    summary: 'Withdraw only to saved addresses: on at once; off after the same delay as a new address',
    input: z.object({ enabled: z.boolean() }),
    output: addressBook,
  }),
};
