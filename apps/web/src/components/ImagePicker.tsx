import { Image, ImageUploader, type ImageUploadItem, ImageViewer } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../lib/toast.ts';
import { isCanceled, useUploadTasks } from '../lib/upload-tasks.ts';
import { UploadQueue } from './UploadQueue.tsx';
import './image-picker.css';

interface Props {
  value: ImageUploadItem[];
  onChange: (items: ImageUploadItem[]) => void;
  max: number;
  /** How many pictures are still uploading (the form waits for them). */
  onPendingChange: (pending: number) => void;
  testId: string;
  /** Shown in the upload tile (e.g. a hint). */
  onCountExceed?: (exceed: number) => void;
}

/**
 * Pictures for a form: each is uploaded as soon as it is picked (thumbnail from the device with a spinner
 * until the upload finishes, a failed tile otherwise) and can be removed before the form is sent. Below the
 * tiles, each upload in flight shows its percentage and a cancel button, and a failed one "Retry".
 */
export const ImagePicker = ({ value, onChange, max, onPendingChange, testId, onCountExceed }: Props) => {
  const { t } = useTranslation();
  const pending = useRef(0);
  const uploads = useUploadTasks();
  const run = uploads.run;
  const change = useCallback(
    (delta: number) => {
      pending.current += delta;
      onPendingChange(pending.current);
    },
    [onPendingChange],
  );
  // The latest list and setter, for an upload that ends after the list changed.
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };
  const nextKey = useRef(0);
  // Uploads that ended, by tile key: the address, or null when canceled or refused.
  const ended = useRef(new Map<string, string | null>());
  // Tiles removed while their upload was still running.
  const dropped = useRef(new Set<string>());
  /**
   * Puts each ended upload into its tile once the tile is in the list: the address, or the tile removed. Only
   * then does it stop counting as pending, so the form never sends a tile without its address.
   */
  const settle = useCallback(() => {
    const { value: items, onChange: set } = latest.current;
    const done = items.filter((x) => ended.current.has(String(x.key)));
    if (done.length === 0) return;
    set(
      items.flatMap((x) => {
        const key = String(x.key);
        if (!ended.current.has(key)) return [x];
        const url = ended.current.get(key);
        return url ? [{ ...x, url }] : [];
      }),
    );
    for (const x of done) ended.current.delete(String(x.key));
    change(-done.length);
  }, [change]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: an ended upload waits for its tile to reach the list
  useEffect(() => settle(), [value]);
  /**
   * A picked picture shows at once as our own tile (antd-mobile's tile for an upload in flight has no text
   * for a screen reader); the upload goes on below it in the queue.
   */
  const uploadOne = useCallback(
    async (file: File): Promise<ImageUploadItem> => {
      const key = `picked-${nextKey.current++}`;
      change(1);
      const end = (url: string | null) => {
        if (dropped.current.delete(key)) change(-1);
        else ended.current.set(key, url);
        settle();
      };
      run(file).then(end, (error: unknown) => {
        if (!isCanceled(error)) toastError(error);
        end(null);
      });
      return { key, url: '', thumbnailUrl: URL.createObjectURL(file) };
    },
    [change, run, settle],
  );
  return (
    <div data-testid={testId}>
      <ImageUploader
        value={value}
        onChange={onChange}
        upload={uploadOne}
        accept="image/*"
        multiple
        maxCount={max}
        onCountExceed={onCountExceed}
        // Our own tile for an uploaded picture: antd-mobile's gives the picture no text and the remove
        // control no name, so a screen reader could not tell the pictures apart or remove one.
        renderItem={(_tile, item, items) => {
          const n = items.indexOf(item) + 1;
          return (
            <div className="adm-image-uploader-cell" key={item.key ?? item.url}>
              <Image
                className="adm-image-uploader-cell-image"
                src={item.thumbnailUrl ?? item.url}
                alt={t('upload.picture', { n })}
                fit="cover"
                onClick={() =>
                  ImageViewer.Multi.show({
                    images: items.map((x) => x.url || (x.thumbnailUrl ?? '')),
                    defaultIndex: n - 1,
                  })
                }
              />
              <button
                type="button"
                className="adm-image-uploader-cell-delete image-picker-remove"
                aria-label={t('upload.removePicture', { n })}
                onClick={() => {
                  onChange(items.filter((x) => x !== item));
                  // Still uploading: it stops counting as pending when the upload ends (see settle).
                  if (!item.url) dropped.current.add(String(item.key));
                }}
              >
                <CloseOutline className="adm-image-uploader-cell-delete-icon" />
              </button>
            </div>
          );
        }}
      />
      <UploadQueue tasks={uploads.tasks} />
    </div>
  );
};
