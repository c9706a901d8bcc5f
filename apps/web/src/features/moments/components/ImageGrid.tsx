import { ImageViewer } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { thumbUrl } from '../../../lib/media-url.ts';
import { gridLayout, singleImageBox } from '../layout.ts';

/** The grid's cells are at most this wide and high (CSS --moment-cell); thumbnails fill them. */
const CELL = 84;

const SINGLE_MAX = 200;

/**
 * A moment's pictures: one large, four as 2×2, otherwise rows of three; a tap opens the viewer. The feed loads
 * thumbnails; the viewer the originals.
 */
export const ImageGrid = ({ images, testId }: { images: string[]; testId: string }) => {
  const { t } = useTranslation();
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
        aria-label={t('chat.viewPicture')}
        data-testid={testId}
        data-count={1}
      >
        <img
          src={thumbUrl(images[0] ?? '', SINGLE_MAX)}
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
        <button
          // biome-ignore lint/suspicious/noArrayIndexKey: the same picture may appear twice in one post
          key={i}
          type="button"
          className="moment-cell"
          onClick={() => open(i)}
          aria-label={t('upload.picture', { n: i + 1 })}
        >
          <img
            src={thumbUrl(src, { w: CELL, h: CELL, m: 'fill' })}
            alt=""
            loading="lazy"
            data-testid="moment-thumb"
          />
        </button>
      ))}
    </div>
  );
};
