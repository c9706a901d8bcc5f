import { hasPermission, Role } from '@chatpay/shared';
import { Badge, List, Switch } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import {
  useApplyMerchant,
  useMerchantDetail,
  useMerchantInfo,
  useMyStanding,
  useOrderUnread,
} from '../../features/c2c/index.ts';
import { C2CTabPage, GuestAccountItem, PresenceCard, useDuration } from '../../features/c2c/ui.ts';
import { usePrefs } from '../../features/settings/index.ts';
import { useBalance } from '../../features/wallet/index.ts';
import { useAuth } from '../../lib/auth.ts';
import { navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';
import { toast, toastError } from '../../lib/toast.ts';

const ApplyForm = () => {
  const { t } = useTranslation();
  const apply = useApplyMerchant();
  const [name, setName] = useState('');
  const [intro, setIntro] = useState('');
  const submit = async () => {
    if (!name.trim()) return void toast(t('common.contentEmpty'));
    try {
      await apply.mutateAsync({ name: name.trim(), intro: intro.trim() });
      toast(t('c2c.my.applied'));
    } catch (error) {
      toastError(error);
    }
  };
  return (
    <div className="c2c-card" data-testid="merchant-apply">
      <div className="c2c-card-title">{t('c2c.my.applyTitle')}</div>
      <div className="c2c-muted">{t('c2c.my.applyHint')}</div>
      <div className="c2c-field" style={{ marginTop: 10 }}>
        <div className="c2c-field-label">{t('c2c.my.merchantName')}</div>
        <div className="c2c-input-row">
          <TextInput
            testId="apply-name"
            value={name}
            onChange={setName}
            maxLength={40}
            ariaLabel={t('c2c.my.merchantName')}
          />
        </div>
      </div>
      <div className="c2c-field">
        <div className="c2c-field-label">{t('c2c.my.intro')}</div>
        <textarea
          className="c2c-textarea"
          data-testid="apply-intro"
          aria-label={t('c2c.my.intro')}
          value={intro}
          maxLength={500}
          onChange={(e) => setIntro(e.target.value)}
        />
      </div>
      <Button block color="primary" loading={apply.isPending} onClick={submit} data-testid="apply-submit">
        {t('c2c.my.apply')}
      </Button>
    </div>
  );
};

/**
 * Merchant profile and 30-day stats, or the application; balance, unread, links (docs/product.md#routes
 * /pages/c2c/my).
 */
const MyPage = () => {
  const { t } = useTranslation();
  const payload = useAuth((s) => s.payload);
  const info = useMerchantInfo();
  const approved = info.data?.status === 'approved';
  const detail = useMerchantDetail(approved);
  const balance = useBalance();
  const unread = useOrderUnread().data ?? 0;
  const orderSound = usePrefs((p) => p.orderSound);
  const setPrefs = usePrefs((p) => p.set);
  const setOrderSound = (on: boolean) => setPrefs({ orderSound: on });
  const duration = useDuration();
  const standing = useMyStanding().data;
  const isSupport = payload ? hasPermission(payload, 'c2c:appeal:page') : false;
  // Staff decide appeals and review merchants: they never apply to be one.
  const isStaff = Boolean(payload?.role.some((r) => r === Role.Support || r === Role.Admin));

  let merchant: React.ReactNode;
  if (info.isPending) merchant = <Loading />;
  else if (info.isError) merchant = <LoadError error={info.error} onRetry={() => void info.refetch()} />;
  else if (!info.data) merchant = isStaff ? null : <ApplyForm />;
  else if (info.data.status === 'pending')
    merchant = (
      <div className="c2c-card" data-testid="merchant-pending">
        <div className="c2c-card-title">{info.data.name}</div>
        <div className="c2c-warning">{t('c2c.my.pending')}</div>
      </div>
    );
  else if (info.data.status === 'rejected')
    merchant = (
      <>
        <div className="c2c-card" data-testid="merchant-rejected">
          <div className="c2c-warning">
            {t('c2c.my.rejected')}
            {info.data.reviewNote ? `: ${info.data.reviewNote}` : ''}
          </div>
        </div>
        {isStaff ? null : <ApplyForm />}
      </>
    );
  else {
    const stats = detail.data?.stats;
    merchant = (
      <div className="c2c-card" data-testid="merchant-profile">
        <div className="c2c-card-title">
          <span data-testid="merchant-name">{info.data.name}</span>
          <span className="c2c-muted">
            {t('c2c.my.merchantNo')} {info.data.merchantNo}
          </span>
        </div>
        <div className="c2c-muted" style={{ marginBottom: 8 }}>
          {t('c2c.my.stats30')}
        </div>
        <div className="c2c-tiles" data-testid="merchant-stats">
          <div className="c2c-tile">
            <div className="c2c-tile-value" data-testid="stat-completed">
              {stats?.completedOrders ?? '—'}
            </div>
            <div className="c2c-tile-label">{t('c2c.my.completedOrders')}</div>
          </div>
          <div className="c2c-tile">
            <div className="c2c-tile-value" data-testid="stat-rate">
              {stats?.completionRate ? `${stats.completionRate}%` : '—'}
            </div>
            <div className="c2c-tile-label">{t('c2c.my.completionRate')}</div>
          </div>
          <div className="c2c-tile">
            <div className="c2c-tile-value" data-testid="stat-release">
              {duration(stats?.avgReleaseSeconds ?? null)}
            </div>
            <div className="c2c-tile-label">{t('c2c.my.avgRelease')}</div>
          </div>
          <div className="c2c-tile">
            <div className="c2c-tile-value" data-testid="stat-payment">
              {duration(stats?.avgPaymentSeconds ?? null)}
            </div>
            <div className="c2c-tile-label">{t('c2c.my.avgPayment')}</div>
          </div>
        </div>
      </div>
    );
    merchant = (
      <>
        {merchant}
        <PresenceCard merchant={info.data} />
      </>
    );
  }

  return (
    <C2CTabPage title={t('c2c.titles.my')}>
      {standing && (standing.suspended || standing.strikes > 0) ? (
        // Strikes from appeals decided against me, and a suspension above the limit.
        <div className="c2c-card" data-testid="my-standing" data-suspended={standing.suspended ? '1' : '0'}>
          <div className="c2c-warning">
            {standing.suspended
              ? t('c2c.standing.suspended')
              : t('c2c.standing.strikes', { count: standing.strikes })}
          </div>
        </div>
      ) : null}
      {merchant}
      <div className="c2c-card" data-testid="c2c-balance">
        <div className="c2c-card-title">{t('c2c.my.balance')}</div>
        <div className="c2c-tiles">
          <div className="c2c-tile">
            <div className="c2c-tile-value" data-testid="balance-available">
              {balance.data?.available ?? '—'}
            </div>
            <div className="c2c-tile-label">
              {t('common.withUnit', { label: t('c2c.my.available'), unit: t('common.usdt') })}
            </div>
          </div>
          <div className="c2c-tile">
            <div className="c2c-tile-value" data-testid="balance-frozen">
              {balance.data?.frozen ?? '—'}
            </div>
            <div className="c2c-tile-label">
              {t('common.withUnit', { label: t('c2c.my.frozen'), unit: t('common.usdt') })}
            </div>
          </div>
        </div>
      </div>
      <List className="entry-list">
        <List.Item
          onClick={() => void navigate({ path: Paths.c2cOrders, mode: 'redirectTo' })}
          extra={unread > 0 ? <Badge content={unread} /> : null}
          data-testid="my-unread"
        >
          {t('c2c.my.unread')}
        </List.Item>
        <List.Item onClick={() => void navigate(Paths.c2cBankList)} data-testid="my-banks">
          {t('c2c.titles.bankList')}
        </List.Item>
        <List.Item onClick={() => void navigate(Paths.c2cTrusted)} data-testid="my-trusted">
          {t('c2c.trusted.title')}
        </List.Item>
        {approved ? (
          <List.Item onClick={() => void navigate(Paths.c2cApi)} data-testid="my-api">
            {t('c2c.titles.api')}
          </List.Item>
        ) : null}
        {approved ? <GuestAccountItem /> : null}
        <List.Item
          extra={<Switch checked={orderSound} onChange={setOrderSound} data-testid="my-sound" />}
          description={t('c2c.my.orderSoundHint')}
        >
          {t('c2c.my.orderSound')}
        </List.Item>
        {isSupport ? (
          <List.Item onClick={() => void navigate(Paths.supportAppeals)} data-testid="my-support">
            {t('c2c.titles.support')}
          </List.Item>
        ) : null}
      </List>
    </C2CTabPage>
  );
};

export default MyPage;
