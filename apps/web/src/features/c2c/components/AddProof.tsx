import { APPEAL_PROOF_MAX, type Order } from '@chatpay/shared';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { UploadQueue } from '../../../components/UploadQueue.tsx';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { isCanceled, useUploadTasks } from '../../../lib/upload-tasks.ts';
import { useUploadProof } from '../queries.ts';

/**
 * More proof for an open appeal (`transaction/uploadFiles`, docs/product.md#orders): either party adds
 * pictures or videos while support reviews; each file shows its upload progress, cancel and retry.
 */
export const AddProof = ({ order }: { order: Pick<Order, 'orderId' | 'status' | 'appealProof'> }) => {
  const { t } = useTranslation();
  const uploads = useUploadTasks();
  const attach = useUploadProof();
  const fileRef = useRef<HTMLInputElement>(null);
  if (order.status !== 'appealing') return null;
  const room = APPEAL_PROOF_MAX - order.appealProof.length - uploads.tasks.length;

  const pick = async (files: FileList | null) => {
    if (!files?.length) return;
    const picked = [...files].slice(0, Math.max(0, room));
    if (fileRef.current) fileRef.current.value = '';
    const urls: string[] = [];
    await Promise.all(
      picked.map(async (file) => {
        try {
          urls.push(await uploads.run(file));
        } catch (error) {
          if (!isCanceled(error)) toastError(error);
        }
      }),
    );
    if (urls.length === 0) return;
    try {
      await attach.mutateAsync({ id: order.orderId, urls });
      toastSuccess(t('c2c.appeal.proofAdded'));
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <div className="c2c-card" data-testid="order-add-proof">
      <input
        ref={fileRef}
        className="hidden-input"
        type="file"
        accept="image/*,video/*"
        multiple
        data-testid="order-proof-file"
        aria-label={t('c2c.appeal.addProof')}
        onChange={(e) => void pick(e.target.files)}
      />
      <Button
        block
        disabled={room <= 0}
        loading={attach.isPending}
        onClick={() => fileRef.current?.click()}
        data-testid="order-add-proof-button"
      >
        {t('c2c.appeal.addProof')}
      </Button>
      <UploadQueue tasks={uploads.tasks} />
    </div>
  );
};
