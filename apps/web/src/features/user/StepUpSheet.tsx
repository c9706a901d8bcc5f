import type { FactorChallenge } from '@chatpay/shared';
import { Popup } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../components/Loading.tsx';
import { toastError } from '../../lib/toast.ts';
import { FactorForm } from './FactorForm.tsx';
import { startStepUp, stepUpWith } from './security.ts';

/** The one step-up sheet: starts a challenge, takes the member's factor and answers the proof. */
const StepUpSheet = ({ done }: { done(proof: string | null): void }) => {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(true);
  const [challenge, setChallenge] = useState<FactorChallenge | null>(null);
  const close = (proof: string | null) => {
    setVisible(false);
    done(proof);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the challenge starts once, when the sheet opens
  useEffect(() => {
    startStepUp().then(setChallenge, (error: unknown) => {
      toastError(error);
      close(null);
    });
  }, []);
  return (
    <Popup visible={visible} onMaskClick={() => close(null)} bodyClassName="step-up-sheet" destroyOnClose>
      <div className="step-up-body" data-testid="step-up-sheet">
        <h3>{t('security.stepUpTitle')}</h3>
        <p>{t('security.stepUpHint')}</p>
        {challenge ? (
          <FactorForm
            challenge={challenge}
            testId="step-up"
            onAnswer={async (answer) => close(await stepUpWith(challenge, answer))}
          />
        ) : (
          <Loading />
        )}
        <button type="button" className="link" onClick={() => close(null)} data-testid="step-up-cancel">
          {t('common.cancel')}
        </button>
      </div>
    </Popup>
  );
};

/** Shows the step-up sheet; answers a proof, or null when the member cancels. */
export const askStepUp = () =>
  new Promise<string | null>((resolve) => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    const root = createRoot(host);
    root.render(
      <StepUpSheet
        done={(proof) => {
          resolve(proof);
          setTimeout(() => {
            root.unmount();
            host.remove();
          }, 300);
        }}
      />,
    );
  });
