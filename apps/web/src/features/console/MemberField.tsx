import { type AdminMember, adminMemberApi, ErrorCode } from '@chatpay/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../lib/request.ts';
import { TextField } from './components.tsx';
import { consoleKeys } from './keys.ts';

/** How long typing pauses before the console looks the member up. */
const LOOKUP_PAUSE_MS = 300;

export type MemberLookup =
  | { state: 'empty' | 'looking' | 'missing' | 'failed'; member: null }
  | { state: 'found'; member: AdminMember };

/**
 * The member a console field names, by the member id members see or the user name (docs/product.md#naming-a-member):
 * looked up once typing pauses, `found` only for what the field says now.
 */
export const useMemberLookup = (text: string): MemberLookup => {
  const who = text.trim();
  const [settled, setSettled] = useState(who);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(who), LOOKUP_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [who]);
  const query = useQuery({
    queryKey: consoleKeys.resolveMember(settled),
    queryFn: () => call(adminMemberApi.resolve, { who: settled }),
    enabled: settled !== '',
    retry: false,
    staleTime: 30_000,
  });
  if (who === '') return { state: 'empty', member: null };
  if (settled !== who || query.isPending) return { state: 'looking', member: null };
  if (query.data) return { state: 'found', member: query.data };
  const missing = query.error instanceof ApiError && query.error.code === ErrorCode.MemberNotFound;
  return { state: missing ? 'missing' : 'failed', member: null };
};

/** A console field that names a member, with whom it resolved to under it. */
export const MemberField = ({
  title,
  value,
  onChange,
  lookup,
  testId,
}: {
  title: string;
  value: string;
  onChange(v: string): void;
  lookup: MemberLookup;
  testId: string;
}) => {
  const { t } = useTranslation();
  const note =
    lookup.state === 'found'
      ? t('console.memberField.found', {
          nickName: lookup.member.nickName,
          username: lookup.member.username,
          memberId: lookup.member.memberId,
        })
      : lookup.state === 'empty'
        ? t('console.memberField.hint')
        : t(`console.memberField.${lookup.state}`);
  return (
    <div className="console-member-field">
      <TextField
        title={title}
        value={value}
        onChange={onChange}
        placeholder={t('console.memberField.placeholder')}
        testId={testId}
      />
      <output className="console-muted" data-testid={`${testId}-resolved`} data-state={lookup.state}>
        {note}
      </output>
    </div>
  );
};
