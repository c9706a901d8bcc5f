import { CameraOutline, PictureOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { UploadQueue } from '../../components/UploadQueue.tsx';
import { thumbUrl } from '../../lib/media-url.ts';
import { toastError } from '../../lib/toast.ts';
import { isCanceled, useUploadTasks } from '../../lib/upload-tasks.ts';
import './identity.css';

interface Props {
  /** The uploaded file's URL, '' before one is up. */
  value: string;
  onChange(url: string): void;
  /** How many uploads are in flight (the form waits for them). */
  onBusy(busy: boolean): void;
  label: string;
  hint: string;
  /** Which camera a phone opens: the back one for a document, the front one for a selfie. */
  facing: 'environment' | 'user';
  testId: string;
}

/**
 * One photo of the form: taken with the camera or chosen from the files, uploaded at once with the app's
 * progress, cancel and retry (components/UploadQueue), shown as soon as it is picked. A private upload: only
 * the member and the reviewers can open it (docs/design/identity.md, "Privacy").
 */
export const DocumentPicker = ({ value, onChange, onBusy, label, hint, facing, testId }: Props) => {
  const { t } = useTranslation();
  const uploads = useUploadTasks();
  const camera = useRef<HTMLInputElement>(null);
  const files = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState('');
  useEffect(() => onBusy(uploads.busy), [uploads.busy, onBusy]);
  useEffect(() => () => void (preview.startsWith('blob:') && URL.revokeObjectURL(preview)), [preview]);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setPreview(URL.createObjectURL(file));
    onChange('');
    try {
      onChange(await uploads.run(file));
    } catch (error) {
      setPreview('');
      if (!isCanceled(error)) toastError(error);
    }
  };
  const shown = preview || (value ? thumbUrl(value, 480) : '');
  return (
    <div className="identity-doc" data-testid={testId} data-uploaded={value ? 'true' : 'false'}>
      <div className="identity-doc-label">{label}</div>
      <div className="identity-doc-tile">
        {shown ? (
          <img src={shown} alt={label} data-testid={`${testId}-preview`} />
        ) : (
          <span className="identity-doc-hint">{hint}</span>
        )}
      </div>
      <div className="identity-doc-actions">
        <Button size="small" onClick={() => camera.current?.click()} data-testid={`${testId}-camera`}>
          <CameraOutline /> {t('identity.form.takePhoto')}
        </Button>
        <Button size="small" onClick={() => files.current?.click()} data-testid={`${testId}-file-button`}>
          <PictureOutline /> {t('identity.form.chooseFile')}
        </Button>
      </div>
      <input
        ref={camera}
        type="file"
        accept="image/*"
        capture={facing}
        hidden
        aria-label={t('identity.form.takePhoto')}
        onChange={(e) => {
          void pick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <input
        ref={files}
        type="file"
        accept="image/*"
        hidden
        aria-label={t('identity.form.chooseFile')}
        data-testid={`${testId}-file`}
        onChange={(e) => {
          void pick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <UploadQueue tasks={uploads.tasks} />
    </div>
  );
};
