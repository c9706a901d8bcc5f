import { ImageViewer } from 'antd-mobile';
import { useState } from 'react';
import { gridLayout, singleImageBox } from '../layout.ts';

const SINGLE_MAX = 200;

/** A moment's pictures: one large, four as 2×2, otherwise rows of three; a tap opens the viewer. */
export const ImageGrid = ({ images, testId }: { images: string[]; testId: string }) => {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  if (images.length === 0) return null;
  const layout = gridLayout(images.length);
  const open = (index: number) => ImageViewer.Multi.show({ images, defaultIndex: index });
  if (layout.single) {
    const box = singleImageBox(size?.width ?? 0, size?.height ?? 0, SINGLE_MAX);
    return (
      <button
        type="button"
        className="moment-single"
        style={{ width: box.width, height: box.height }}
        onClick={() => open(0)}
        data-testid={testId}
        data-count={1}
      >
        <img
          src={images[0]}
          alt=""
          loading="lazy"
          onLoad={(e) =>
            setSize({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })
          }
        />
      </button>
    );
  }
  return (
    <div
      className="moment-grid"
      style={{ gridTemplateColumns: `repeat(${layout.columns}, var(--moment-cell))` }}
      data-testid={testId}
      data-count={images.length}
    >
      {images.map((src, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the same picture may appear twice in one post
        <button key={i} type="button" className="moment-cell" onClick={() => open(i)}>
          <img src={src} alt="" loading="lazy" />
        </button>
      ))}
    </div>
  );
};
