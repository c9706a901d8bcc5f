import type { Network } from '@chatpay/shared';
import { addressLooksValid } from '@chatpay/shared';
import { Switch } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import '../../features/wallet/wallet.css';
import '../../features/chain/chain.css';
import {
  useAddAddress,
  useAddressBook,
  useLabelAddress,
  useRemoveAddress,
  useSetAllowlist,
} from '../../features/chain/index.ts';
import { NetworkChooser, pickNetwork, SavedAddressCard } from '../../features/chain/ui.ts';
import { useWalletInfo } from '../../features/wallet/index.ts';
import { confirm } from '../../lib/dialog.tsx';
import { dateTime } from '../../lib/i18n/time.ts';
import { toastError, toastSuccess } from '../../lib/toast.ts';

/**
 * The withdrawal address book: saved addresses with a label per network, each usable a delay after saving;
 * the allowlist switch (withdraw only to them). The server decides when each becomes usable.
 */
const AddressBookPage = () => {
  const { t, i18n } = useTranslation();
  const info = useWalletInfo();
  const book = useAddressBook();
  const add = useAddAddress();
  const rename = useLabelAddress();
  const remove = useRemoveAddress();
  const allowlist = useSetAllowlist();
  const [chosen, setChosen] = useState<Network | null>(null);
  const network = chosen ?? pickNetwork(info.data?.networks, null);
  const [address, setAddress] = useState('');
  const [label, setLabel] = useState('');
  const addressOk = network !== null && addressLooksValid(network, address);

  const save = async () => {
    if (!network) return;
    try {
      await add.mutateAsync({ network, address: address.trim(), label: label.trim() });
      setAddress('');
      setLabel('');
      toastSuccess(t('chain.book.saved'));
    } catch (error) {
      toastError(error);
    }
  };
  const drop = async (id: number) => {
    if (!(await confirm(t('chain.book.removeConfirm'), 'saved-remove', t('common.delete'), true))) return;
    try {
      await remove.mutateAsync(id);
    } catch (error) {
      toastError(error);
    }
  };

  if (book.isPending || info.isPending) return <Page title={t('chain.book.title')}>{<Loading />}</Page>;
  if (book.isError || info.isError)
    return (
      <Page title={t('chain.book.title')}>
        <LoadError
          error={book.error ?? info.error}
          onRetry={() => {
            void book.refetch();
            void info.refetch();
          }}
        />
      </Page>
    );
  const data = book.data;
  const allowlistHint = data.allowlistOffFrom
    ? t('chain.book.allowlistOffFrom', { time: dateTime(data.allowlistOffFrom, i18n.language) })
    : data.allowlist
      ? t('chain.book.allowlistOn')
      : t('chain.book.allowlistOff');

  return (
    <Page title={t('chain.book.title')}>
      <div className="pay-form">
        <div className="pay-block">
          <div className="saved-address-head">
            <span className="saved-address-label">{t('chain.book.allowlist')}</span>
            <Switch
              checked={data.allowlist && !data.allowlistOffFrom}
              loading={allowlist.isPending}
              onChange={async (on) => {
                try {
                  await allowlist.mutateAsync(on);
                } catch (error) {
                  toastError(error);
                }
              }}
              data-testid="allowlist-switch"
            />
          </div>
          <p className="saved-address-hint" data-testid="allowlist-hint">
            {allowlistHint}
          </p>
        </div>

        {data.list.length === 0 ? (
          <EmptyState
            title={t('chain.book.empty')}
            description={t('chain.book.emptyHint')}
            testId="book-empty"
          />
        ) : (
          data.list.map((entry) => (
            <SavedAddressCard
              key={entry.id}
              entry={entry}
              onRename={async (next) => {
                try {
                  await rename.mutateAsync({ id: entry.id, label: next });
                } catch (error) {
                  toastError(error);
                }
              }}
              onRemove={() => void drop(entry.id)}
            />
          ))
        )}

        <div className="pay-block" data-testid="book-add">
          <div className="amount-field-label">{t('chain.book.add')}</div>
          <NetworkChooser networks={info.data.networks} value={network} onChange={setChosen} />
          <div className="chain-address-row">
            <input
              value={address}
              onChange={(e) => setAddress(e.target.value.trim())}
              placeholder={
                network === 'TRC20'
                  ? t('chain.addressPlaceholderTron')
                  : t('chain.addressPlaceholderEvm', { network: network ?? '' })
              }
              aria-label={t('chain.address')}
              data-testid="book-address"
              autoComplete="off"
              spellCheck={false}
            />
          </div>
          <div className="chain-address-row">
            <input
              value={label}
              maxLength={30}
              onChange={(e) => setLabel(e.target.value)}
              placeholder={t('chain.book.labelPlaceholder')}
              aria-label={t('chain.book.label')}
              data-testid="book-label"
            />
          </div>
          <p className="saved-address-hint">{t('chain.book.delayHint', { hours: data.delayHours })}</p>
          <Button
            block
            color="primary"
            disabled={!addressOk || !label.trim() || add.isPending}
            onClick={() => void save()}
            data-testid="book-save"
          >
            {t('common.save')}
          </Button>
        </div>
      </div>
    </Page>
  );
};

export default AddressBookPage;
