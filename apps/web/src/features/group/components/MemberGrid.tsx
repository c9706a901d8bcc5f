import type { GroupMemberInfo } from '@chatpay/shared';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/UserAvatar.tsx';

interface Props {
  members: GroupMemberInfo[];
  canInvite: boolean;
  canRemove: boolean;
  onMember: (m: GroupMemberInfo) => void;
  onInvite: () => void;
  onRemove: () => void;
}

/** The members of a group as a grid of avatars, with the owner/manager badges and the +/− buttons. */
export const MemberGrid = ({ members, canInvite, canRemove, onMember, onInvite, onRemove }: Props) => {
  const { t } = useTranslation();
  return (
    <div className="group-members" data-testid="group-members">
      {members.map((m) => (
        <button
          key={m.userId}
          type="button"
          className="group-member"
          onClick={() => onMember(m)}
          data-testid={`member-${m.userId}`}
          data-role={m.role}
          data-muted={m.isMuted ? '1' : '0'}
        >
          <UserAvatar src={m.avatar} size={44} />
          {m.role !== 'member' && (
            <span className={`group-member-badge ${m.role}`}>{t(`group.role.${m.role}`)}</span>
          )}
          <span className="group-member-name">{m.note || m.nickName}</span>
          {m.isMuted && <span className="group-member-muted">{t('group.mutedBadge')}</span>}
        </button>
      ))}
      {canInvite && (
        <button type="button" className="group-member" onClick={onInvite} data-testid="group-invite">
          <span className="group-member-op">+</span>
          <span className="group-member-name">{t('group.inviteShort')}</span>
        </button>
      )}
      {canRemove && (
        <button type="button" className="group-member" onClick={onRemove} data-testid="group-remove">
          <span className="group-member-op">−</span>
          <span className="group-member-name">{t('group.removeShort')}</span>
        </button>
      )}
    </div>
  );
};
