import { BellOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { dismissPushOffer, enablePush, shouldOfferPush } from './push.ts';

/**
 * The "turn on notifications" card at the top of the chat list: shown after login, once, until the member
 * answers. The browser's prompt only comes from the button (never on first paint, never without a tap).
 */
export const PushOffer = () => {
  const { t } = useTranslation();
  const [shown, setShown] = useState(shouldOfferPush);
  if (!shown) return null;
  const close = () => {
    dismissPushOffer();
    setShown(false);
  };
  return (
    <section className="push-offer" data-testid="push-offer" aria-label={t('pwa.offerTitle')}>
      <BellOutline className="push-offer-icon" aria-hidden />
      <div className="push-offer-text">
        <div className="push-offer-title">{t('pwa.offerTitle')}</div>
        <div className="push-offer-body">{t('pwa.offerText')}</div>
      </div>
      <div className="push-offer-actions">
        <Button
          size="mini"
          color="primary"
          data-testid="push-offer-on"
          onClick={() => {
            close();
            void enablePush(true);
          }}
        >
          {t('pwa.turnOn')}
        </Button>
        <Button size="mini" fill="none" data-testid="push-offer-later" onClick={close}>
          {t('pwa.later')}
        </Button>
      </div>
    </section>
  );
};
