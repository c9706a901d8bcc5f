import { thumbUrl } from '../lib/media-url.ts';
import { UserAvatar } from './UserAvatar.tsx';

/**
 * A group's avatar (`headimgs`, docs/product.md#sessions): its first members' faces in a grid, 2×2 up to four
 * and 3×3 up to nine, as WeChat shows groups, so a group never looks like a 1:1 chat. One face or none: a
 * plain avatar.
 */
export const GroupAvatar = ({
  headimgs,
  size = 48,
  testId,
}: {
  headimgs: string;
  size?: number;
  testId?: string;
}) => {
  const faces = headimgs
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .slice(0, 9);
  if (faces.length <= 1) return <UserAvatar src={faces[0]} size={size} testId={testId} />;
  const cols = faces.length <= 4 ? 2 : 3;
  const gap = 2;
  const cell = Math.floor((size - gap * (cols + 1)) / cols);
  return (
    <div
      className="group-avatar"
      style={{ width: size, height: size, borderRadius: Math.round(size / 6), gap, padding: gap }}
      data-testid={testId}
      data-count={faces.length}
    >
      {faces.map((src, i) => (
        <img
          // The same face may appear twice; the position tells them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: faces are a fixed list per render
          key={i}
          src={thumbUrl(src, { w: cell, h: cell, m: 'fill' })}
          alt=""
          width={cell}
          height={cell}
        />
      ))}
    </div>
  );
};
