import { CheckCircleFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../components/Button.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { useOrder } from '../../features/paydesk/index.ts';
import { showUsdt } from '../../features/wallet/index.ts';
import { navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';
import '../../features/wallet/wallet.css';
import '../../features/paydesk/paydesk.css';
import { intlTag } from '../../lib/i18n/locale.ts';

const when = (iso: string | null, lang: string) =>
  iso ? new Date(iso).toLocaleString(intlTag(lang), { hour12: false }) : '--';

/**
 * Payment success (docs/product.md#routes uni-pay success): the order paid, its details, back to the wallet.
 */
const PaySuccessPage = () => {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  const order = useOrder(orderNo);
  const toWallet = () => {
    navigate({ path: Paths.usdtWallet, mode: 'redirectTo' });
  };

  let body: React.ReactNode;
  if (!orderNo) body = <LoadError error={new Error(t('errors.1418'))} onRetry={toWallet} />;
  else if (order.isPending) body = <Loading />;
  else if (order.error) body = <LoadError error={order.error} onRetry={() => order.refetch()} />;
  else {
    const o = order.data;
    const paid = o.status === 'paid';
    // Back to the merchant only over http(s): the server checks it too, but a link must never run script.
    const back = paid && o.returnUrl && /^https?:\/\//i.test(o.returnUrl) ? o.returnUrl : null;
    body = (
      <div className="pay-result" data-testid="pay-success" data-status={o.status}>
        <CheckCircleFill className={`pay-result-icon${paid ? '' : ' pending'}`} />
        <div className="pay-result-title">
          {paid ? t('payDesk.success') : t(`payDesk.status.${o.status}`)}
        </div>
        <div className="pay-result-amount" data-testid="pay-success-amount">
          <span className="pay-result-unit">{t('common.usdt')}</span>
          {showUsdt(o.amount)}
        </div>
        <dl className="order-details">
          {o.merchant ? (
            <div>
              <dt>{t('payDesk.payee')}</dt>
              <dd data-testid="pay-success-merchant">{o.merchant.name}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('payDesk.goods')}</dt>
            <dd data-testid="pay-success-goods">{o.goods?.name ?? o.description}</dd>
          </div>
          {o.refunded !== '0.00' ? (
            <div>
              <dt>{t('payDesk.refunded')}</dt>
              <dd data-testid="pay-success-refunded">{showUsdt(o.refunded)}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('payDesk.orderNoLabel')}</dt>
            <dd className="mono">{o.orderNo}</dd>
          </div>
          <div>
            <dt>{t('payDesk.paidWith')}</dt>
            <dd>{t('payDesk.walletBalance')}</dd>
          </div>
          <div>
            <dt>{t('payDesk.paidTime')}</dt>
            <dd>{when(o.paidTime, i18n.language)}</dd>
          </div>
        </dl>
        {back ? (
          <Button
            block
            color="primary"
            size="large"
            onClick={() => window.location.assign(back)}
            data-testid="pay-success-return"
          >
            {t('payDesk.backToMerchant', { name: o.merchant?.name ?? '' })}
          </Button>
        ) : null}
        <Button
          block
          color="primary"
          fill={back ? 'outline' : 'solid'}
          size="large"
          onClick={toWallet}
          data-testid="pay-success-wallet"
        >
          {t('payDesk.backToWallet')}
        </Button>
      </div>
    );
  }

  return <Page title={t('payDesk.successTitle')}>{body}</Page>;
};

export default PaySuccessPage;
