import { APPEAL_PROOF_MAX, type AppealReason, appealReasons } from '@chatpay/shared';
import { Popup, Selector } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { UploadQueue } from '../../../components/UploadQueue.tsx';
import { toast, toastError } from '../../../lib/toast.ts';
import { isCanceled, useUploadTasks } from '../../../lib/upload-tasks.ts';
import { useAppeal } from '../queries.ts';
import { Proof } from './bits.tsx';

/** The appeal form: a reason and image or video proof (required from the buyer, docs/product.md#orders). */
export const AppealPopup = ({
  orderId,
  proofRequired,
  visible,
  onClose,
}: {
  orderId: number;
  proofRequired: boolean;
  visible: boolean;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const appeal = useAppeal();
  const [reason, setReason] = useState('');
  const [reasonCode, setReasonCode] = useState<AppealReason>(
    proofRequired ? 'paid_not_released' : 'not_received',
  );
  const [proof, setProof] = useState<string[]>([]);
  const uploads = useUploadTasks();
  const uploading = uploads.busy;
  const fileRef = useRef<HTMLInputElement>(null);

  /** Each picked file goes up with its own percentage, cancel and retry (UploadQueue below). */
  const pick = async (files: FileList | null) => {
    if (!files?.length) return;
    const picked = [...files].slice(0, APPEAL_PROOF_MAX - proof.length - uploads.tasks.length);
    if (fileRef.current) fileRef.current.value = '';
    await Promise.all(
      picked.map(async (file) => {
        try {
          const url = await uploads.run(file);
          setProof((list) => [...list, url].slice(0, APPEAL_PROOF_MAX));
        } catch (error) {
          if (!isCanceled(error)) toastError(error);
        }
      }),
    );
  };

  const submit = async () => {
    if (!reason.trim()) return void toast(t('c2c.appeal.reasonRequired'));
    if (proofRequired && proof.length === 0) return void toast(t('c2c.appeal.proofRequired'));
    try {
      await appeal.mutateAsync({ id: orderId, reasonCode, reason: reason.trim(), proof });
      toast(t('c2c.appeal.sent'));
      onClose();
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Popup visible={visible} onMaskClick={onClose} bodyStyle={{ borderRadius: '12px 12px 0 0' }}>
      <div className="c2c-popup" data-testid="appeal-popup">
        <h3 className="popup-title">{t('c2c.appeal.title')}</h3>
        <div className="c2c-warning">{t('c2c.appeal.hint')}</div>
        <div className="c2c-field" style={{ marginTop: 12 }}>
          <div className="c2c-field-label">{t('c2c.appeal.reason')}</div>
          <Selector
            columns={2}
            options={appealReasons.map((r) => ({ label: t(`c2c.appeal.reasons.${r}`), value: r }))}
            value={[reasonCode]}
            onChange={(v) => v[0] && setReasonCode(v[0])}
            data-testid="appeal-reason-code"
          />
          <textarea
            className="c2c-textarea"
            data-testid="appeal-reason"
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
            placeholder={t('c2c.appeal.reasonPlaceholder')}
          />
        </div>
        <div className="c2c-field">
          <div className="c2c-field-label">
            {proofRequired ? t('c2c.appeal.proofBuyer') : t('c2c.appeal.proofOptional')}
          </div>
          <div className="c2c-proofs" data-testid="appeal-proofs">
            {proof.map((url) => (
              <Proof key={url} url={url} />
            ))}
          </div>
          <input
            ref={fileRef}
            className="hidden-input"
            type="file"
            accept="image/*,video/*"
            multiple
            data-testid="appeal-file"
            onChange={(e) => void pick(e.target.files)}
          />
          <Button
            size="small"
            style={{ marginTop: 8 }}
            disabled={proof.length + uploads.tasks.length >= APPEAL_PROOF_MAX}
            onClick={() => fileRef.current?.click()}
            data-testid="appeal-upload"
          >
            {t('c2c.appeal.upload')}
          </Button>
          <UploadQueue tasks={uploads.tasks} />
        </div>
        <Button
          block
          color="danger"
          size="large"
          loading={appeal.isPending}
          disabled={uploading}
          onClick={submit}
          data-testid="appeal-submit"
        >
          {t('c2c.appeal.submit')}
        </Button>
      </div>
    </Popup>
  );
};
