import { Avatar } from 'antd-mobile';
import { thumbUrl } from '../lib/media-url.ts';

/** A member's avatar (a thumbnail of its size); members without one get antd-mobile's neutral silhouette. */
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
    src={src ? thumbUrl(src, { w: size, h: size, m: 'fill' }) : ''}
    className="user-avatar"
    style={{ '--size': `${size}px`, '--border-radius': `${Math.round(size / 6)}px` }}
    data-testid={testId}
  />
);
