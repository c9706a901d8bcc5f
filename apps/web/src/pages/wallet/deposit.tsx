import type { Network } from '@chatpay/shared';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import '../../features/wallet/wallet.css';
import '../../features/chain/chain.css';
import { useChainRecords, useDepositAddress } from '../../features/chain/index.ts';
import { NetworkChooser, pickNetwork, RecordRow } from '../../features/chain/ui.ts';
import { showUsdt, useWalletInfo } from '../../features/wallet/index.ts';
import { copyText } from '../../lib/clipboard.ts';

/**
 * Deposit (docs/product.md#routes usdt-in): network chooser, my address with its QR and copy, minimum and
 * arrival notes, my deposits.
 */
const UsdtInPage = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const info = useWalletInfo();
  const [chosen, setChosen] = useState<Network | null>(null);
  const network = chosen ?? pickNetwork(info.data?.networks, params.get('network'));
  const settings = info.data?.networks.find((n) => n.network === network);
  const address = useDepositAddress(network);
  const records = useChainRecords('deposit');

  if (info.isPending) return <Page title={t('chain.inTitle')}>{<Loading />}</Page>;
  if (info.error)
    return (
      <Page title={t('chain.inTitle')}>
        <LoadError error={info.error} onRetry={() => info.refetch()} />
      </Page>
    );
  const list = records.data?.list ?? [];
  return (
    <Page title={t('chain.inTitle')}>
      <NetworkChooser networks={info.data.networks} value={network} onChange={setChosen} />
      {!network || !settings ? (
        <EmptyState title={t('wallet.notEnabled')} description={t('chain.noNetwork')} testId="chain-none" />
      ) : (
        <>
          <section className="chain-card">
            {address.data ? (
              <>
                <div className="chain-qr" data-testid="deposit-qr">
                  <QRCodeSVG
                    value={address.data.address}
                    size={180}
                    level="M"
                    marginSize={0}
                    title={address.data.address}
                  />
                </div>
                <div className="chain-address" data-testid="deposit-address">
                  {address.data.address}
                </div>
                <Button
                  color="primary"
                  fill="outline"
                  size="small"
                  onClick={() => copyText(address.data.address)}
                  data-testid="deposit-copy"
                >
                  {t('chain.copyAddress')}
                </Button>
              </>
            ) : address.error ? (
              <LoadError error={address.error} onRetry={() => address.refetch()} />
            ) : (
              <Loading />
            )}
          </section>
          <ul className="chain-notes" data-testid="deposit-notes">
            <li>{t('chain.onlyNetwork', { network })}</li>
            <li>
              <strong>{t('chain.minDeposit', { min: showUsdt(settings.minDeposit) })}</strong>
            </li>
            <li>{t('chain.arrival', { n: settings.confirmations })}</li>
            {settings.awardPercent !== '0' ? (
              <li>{t('chain.award', { percent: settings.awardPercent })}</li>
            ) : null}
          </ul>
        </>
      )}
      <div className="chain-section-title">{t('chain.recentDeposits')}</div>
      <div className="chain-records" data-testid="deposit-records">
        {list.length === 0 ? (
          <EmptyState title={t('chain.noDeposits')} testId="deposit-empty" />
        ) : (
          list.map((r) => <RecordRow key={`${r.type}-${r.id}`} record={r} />)
        )}
      </div>
    </Page>
  );
};

export default UsdtInPage;
