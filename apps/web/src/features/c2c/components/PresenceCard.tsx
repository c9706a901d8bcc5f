import type { MerchantInfo } from '@chatpay/shared';
import { Switch } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { toast, toastError, toastSuccess } from '../../../lib/toast.ts';
import { localClock, utcMinutes } from '../logic.ts';
import { useUpdateMerchant } from '../queries.ts';

/**
 * The merchant's online switch and business hours, entered in local time. Offline, or outside the
 * hours, the merchant's ads are listed after those of online merchants.
 */
export const PresenceCard = ({ merchant }: { merchant: MerchantInfo }) => {
  const { t } = useTranslation();
  const update = useUpdateMerchant();
  const [always, setAlways] = useState(merchant.hoursFrom === null);
  const [from, setFrom] = useState(merchant.hoursFrom === null ? '09:00' : localClock(merchant.hoursFrom));
  const [to, setTo] = useState(merchant.hoursTo === null ? '21:00' : localClock(merchant.hoursTo));

  const setOnline = (online: boolean) => update.mutate({ online }, { onError: toastError });
  const saveHours = async () => {
    const hours = always ? { from: null, to: null } : { from: utcMinutes(from), to: utcMinutes(to) };
    if (!always && (hours.from === null || hours.to === null || hours.from === hours.to))
      return void toast(t('trade.presence.invalid'));
    try {
      await update.mutateAsync({ hours });
      toastSuccess(t('common.saved'));
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <div className="c2c-card trade-presence" data-testid="merchant-presence">
      <div className="c2c-card-title">{t('trade.presence.title')}</div>
      <div className="c2c-row">
        <span className="c2c-row-label">{t('trade.presence.online')}</span>
        <Switch
          checked={merchant.online}
          loading={update.isPending}
          onChange={setOnline}
          data-testid="presence-online"
          aria-label={t('trade.presence.online')}
        />
      </div>
      <div className="c2c-row">
        <span className="c2c-row-label">{t('trade.presence.always')}</span>
        <Switch
          checked={always}
          onChange={setAlways}
          data-testid="presence-always"
          aria-label={t('trade.presence.always')}
        />
      </div>
      {always ? null : (
        <div className="c2c-row c2c-hours">
          <label>
            <span className="c2c-row-label">{t('trade.presence.from')}</span>
            <input
              type="time"
              className="text-input"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
              data-testid="presence-from"
            />
          </label>
          <label>
            <span className="c2c-row-label">{t('trade.presence.to')}</span>
            <input
              type="time"
              className="text-input"
              value={to}
              onChange={(e) => setTo(e.target.value)}
              data-testid="presence-to"
            />
          </label>
        </div>
      )}
      <div className="c2c-muted">{t('trade.presence.hint')}</div>
      <Button size="small" color="primary" onClick={() => void saveHours()} data-testid="presence-save">
        {t('common.save')}
      </Button>
    </div>
  );
};
