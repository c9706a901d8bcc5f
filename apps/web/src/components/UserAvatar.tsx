import { Avatar } from 'antd-mobile';

/** A member's avatar; members without one get antd-mobile's neutral silhouette. */
export const UserAvatar = ({
  src,
  size = 56,
  testId,
}: {
  src?: string | null;
  size?: number;
  testId?: string;
}) => (
  <Avatar
    src={src ?? ''}
    className="user-avatar"
    style={{ '--size': `${size}px`, '--border-radius': `${Math.round(size / 6)}px` }}
    data-testid={testId}
  />
);
