import { ImageUploader, type ImageUploadItem } from 'antd-mobile';
import { useCallback, useRef } from 'react';
import { toastError } from '../lib/toast.ts';
import { isCanceled, useUploadTasks } from '../lib/upload-tasks.ts';
import { UploadQueue } from './UploadQueue.tsx';

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
  const uploadOne = useCallback(
    async (file: File): Promise<ImageUploadItem> => {
      change(1);
      try {
        const url = await run(file);
        return { url, thumbnailUrl: URL.createObjectURL(file) };
      } catch (error) {
        if (!isCanceled(error)) toastError(error);
        throw error;
      } finally {
        change(-1);
      }
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
        preview
      />
      <UploadQueue tasks={uploads.tasks} />
    </div>
  );
};
