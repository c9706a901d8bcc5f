import { ImageUploader, type ImageUploadItem } from 'antd-mobile';
import { useCallback, useRef } from 'react';
import { toastError } from '../lib/toast.ts';
import { upload } from '../lib/upload.ts';

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
 * until the upload finishes, a failed tile otherwise) and can be removed before the form is sent.
 */
export const ImagePicker = ({ value, onChange, max, onPendingChange, testId, onCountExceed }: Props) => {
  const pending = useRef(0);
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
        const url = await upload(file);
        return { url, thumbnailUrl: URL.createObjectURL(file) };
      } catch (error) {
        toastError(error);
        throw error;
      } finally {
        change(-1);
      }
    },
    [change],
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
    </div>
  );
};
