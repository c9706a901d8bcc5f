import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { cardLabel, useBanks, useDeleteBank } from '../../features/c2c/index.ts';
import { Row } from '../../features/c2c/ui.ts';
import { confirm } from '../../lib/dialog.tsx';
import { navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';
import { toastError, toastSuccess } from '../../lib/toast.ts';

/**
 * My payment methods with their derived names (docs/product.md#payment-methods) (docs/product.md#routes
 * /pages/c2c/bank-list).
 */
const BankListPage = () => {
  const { t } = useTranslation();
  const banks = useBanks();
  const del = useDeleteBank();
  const remove = async (id: number) => {
    if (!(await confirm(t('c2c.bank.deleteConfirm'), 'bank-delete', t('common.delete'), true))) return;
    try {
      await del.mutateAsync(id);
      toastSuccess(t('c2c.bank.deleted'));
    } catch (error) {
      toastError(error);
    }
  };
  let body: React.ReactNode;
  if (banks.isPending) body = <Loading />;
  else if (banks.isError) body = <LoadError error={banks.error} onRetry={() => void banks.refetch()} />;
  else if (banks.data.length === 0)
    body = (
      <EmptyState title={t('c2c.bank.empty')} description={t('c2c.bank.emptyHint')} testId="banks-empty" />
    );
  else
    body = banks.data.map((m) => {
      const label = cardLabel(m.card);
      return (
        <div key={m.id} className="c2c-card" data-testid={`bank-${m.id}`}>
          <div className="c2c-card-title">
            <span data-testid={`bank-${m.id}-name`}>{label.name}</span>
            <Tag color="primary" fill="outline">
              {t(`c2c.payType.${m.type}`)}
            </Tag>
          </div>
          <Row label={t('c2c.bank.code')} value={label.code} testId={`bank-${m.id}-code`} />
          {m.secretKeyMasked ? <Row label={t('c2c.bank.secretKey')} value={m.secretKeyMasked} /> : null}
          <Row
            label={t('c2c.bank.dailyMax')}
            value={m.dailyMaxOrders > 0 ? m.dailyMaxOrders : t('c2c.bank.noLimit')}
          />
          <div className="c2c-ad-actions">
            <Button
              size="small"
              onClick={() => void navigate({ path: Paths.c2cBankAdd, query: { id: m.id } })}
              data-testid={`bank-${m.id}-edit`}
            >
              {t('c2c.ads.edit')}
            </Button>
            <Button
              size="small"
              color="danger"
              fill="outline"
              onClick={() => void remove(m.id)}
              data-testid={`bank-${m.id}-delete`}
            >
              {t('common.delete')}
            </Button>
          </div>
        </div>
      );
    });
  return (
    <Page title={t('c2c.titles.bankList')}>
      {body}
      <div className="page-actions">
        <Button
          block
          color="primary"
          size="large"
          onClick={() => void navigate(Paths.c2cBankAdd)}
          data-testid="bank-add"
        >
          {t('c2c.bank.add')}
        </Button>
      </div>
    </Page>
  );
};

export default BankListPage;
