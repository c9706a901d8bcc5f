import { appComplainApi, appFeedbackApi, type TicketKind, type TicketStatus } from '@chatpay/shared';
import { Paths } from '../../lib/router/paths.ts';

/** Complaints and feedback are one feature with two kinds: calls, dictionary and pages by kind. */
export const ticketApis = { complain: appComplainApi, feedback: appFeedbackApi } as const;

/** The dictionary whose values are the kind's types (the server checks the type against it). */
export const ticketDict: Record<TicketKind, string> = { complain: 'complainType', feedback: 'feedbackType' };

export const ticketPaths = {
  complain: { list: Paths.complainList, submit: Paths.complainSubmit, detail: Paths.complainDetail },
  feedback: { list: Paths.feedbackList, submit: Paths.feedbackSubmit, detail: Paths.feedbackDetail },
} as const;

/** antd-mobile Tag colours by status: waiting grey, in progress blue, done green, refused red. */
export const statusColor: Record<TicketStatus, 'default' | 'primary' | 'success' | 'danger'> = {
  pending: 'default',
  processing: 'primary',
  resolved: 'success',
  rejected: 'danger',
};

type Translate = (key: string, options?: { defaultValue?: string }) => string;

/**
 * A type's label: our translation of the seeded values, otherwise the dictionary's own name (an operator
 * may add types), otherwise the raw value.
 */
export const typeLabel = (t: Translate, kind: TicketKind, value: string, dictName?: string) =>
  t(`ticket.types.${kind}.${value}`, { defaultValue: dictName || value });
