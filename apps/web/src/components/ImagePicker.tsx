import { Image, ImageUploader, type ImageUploadItem, ImageViewer } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useCallback, useRef } from 'react';
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
  /**
   * A picked picture shows at once as our own tile (antd-mobile's tile for an upload in flight has no text
   * for a screen reader); the upload goes on below it in the queue, and its address replaces the tile's empty
   * one when it is up. A canceled or refused upload takes its tile away.
   */
  const uploadOne = useCallback(
    async (file: File): Promise<ImageUploadItem> => {
      const key = `picked-${nextKey.current++}`;
      change(1);
      run(file)
        .then((url) => {
          const { value: items, onChange: set } = latest.current;
          set(items.map((x) => (x.key === key ? { ...x, url } : x)));
        })
        .catch((error: unknown) => {
          if (!isCanceled(error)) toastError(error);
          const { value: items, onChange: set } = latest.current;
          set(items.filter((x) => x.key !== key));
        })
        .finally(() => change(-1));
      return { key, url: '', thumbnailUrl: URL.createObjectURL(file) };
    },
    [change, run],
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
                onClick={() => onChange(items.filter((x) => x !== item))}
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
