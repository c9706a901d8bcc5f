import { Avatar } from 'antd-mobile';
import { thumbUrl } from '../lib/media-url.ts';

/**
 * A member's avatar (a thumbnail of its size); members without one get antd-mobile's neutral silhouette.
 * The name is always shown beside it, so the picture is decorative (alt "") unless `alt` names it. Its size
 * is given in px at the 375 base width and follows the page scale (rem, docs/product.md#appearance).
 */
export const UserAvatar = ({
  src,
  size = 56,
  testId,
  alt = '',
}: {
  src?: string | null;
  size?: number;
  testId?: string;
  alt?: string;
}) => (
  <Avatar
    src={src ? thumbUrl(src, { w: size, h: size, m: 'fill' }) : ''}
    alt={alt}
    className="user-avatar"
    style={{ '--size': `${size / 16}rem`, '--border-radius': `${Math.round(size / 6) / 16}rem` }}
    data-testid={testId}
  />
);
