import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { useRate } from '../../features/c2c/index.ts';
import { useSetRate } from '../../features/console/index.ts';
import { ConsolePage, TextField } from '../../features/console/ui.ts';
import { confirm } from '../../lib/dialog.tsx';
import { toast, toastError, toastSuccess } from '../../lib/toast.ts';

const RATE = /^\d{1,9}(\.\d{1,2})?$/;

/** The market's reference rate (admin): the current value, and setting it re-prices floating ads. */
const RatePage = () => {
  const { t } = useTranslation();
  const rate = useRate();
  const update = useSetRate();
  const [next, setNext] = useState('');
  const submit = async () => {
    if (!rate.data) return;
    const value = next.trim();
    if (!RATE.test(value) || Number(value) <= 0) return void toast(t('console.rate.invalid'));
    const sure = await confirm(
      t('console.rate.confirm', { from: rate.data.rate, to: value, fiat: rate.data.fiat }),
      'rate-set',
      t('common.confirm'),
    );
    if (!sure) return;
    try {
      const done = await update.mutateAsync({ rate: value });
      toastSuccess(t('console.rate.saved', { count: done.repriced }));
      setNext('');
    } catch (error) {
      toastError(error);
    }
  };
  return (
    <ConsolePage title={t('console.menu.rate')} testId="console-rate">
      {rate.isPending ? (
        <Loading />
      ) : rate.isError ? (
        <LoadError error={rate.error} onRetry={() => void rate.refetch()} />
      ) : (
        <div className="console-panel">
          <p data-testid="rate-current">
            {t('console.rate.current', { rate: rate.data.rate, fiat: rate.data.fiat })}
          </p>
          <p className="service-sub">{t('console.rate.hint')}</p>
          <div className="console-actions">
            <TextField
              title={t('console.rate.next', { fiat: rate.data.fiat })}
              value={next}
              onChange={setNext}
              placeholder={rate.data.rate}
              testId="rate-input"
            />
            <Button
              color="primary"
              loading={update.isPending}
              onClick={() => void submit()}
              data-testid="rate-save"
            >
              {t('console.rate.save')}
            </Button>
          </div>
        </div>
      )}
    </ConsolePage>
  );
};

export default RatePage;
