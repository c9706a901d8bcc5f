import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { usePushState } from './queries.ts';

/**
 * Settings' row for this device: whether notifications really reach it (permission, the server's
 * subscription), why not when they do not, and a button when a tap can put it right.
 */
export const PushStateItem = () => {
  const { t } = useTranslation();
  const { view, fixable, fix, fixing } = usePushState();
  const state = view ?? 'checking';
  return (
    <List.Item
      className={`push-state push-state-${state}`}
      data-testid="push-state"
      data-state={state}
      description={view ? t(`push.why.${view}`) : undefined}
      extra={
        fixable ? (
          <Button size="mini" color="primary" loading={fixing} onClick={fix} data-testid="push-fix">
            {t(view === 'ask' ? 'push.allow' : view === 'missing' ? 'push.subscribe' : 'push.retry')}
          </Button>
        ) : undefined
      }
    >
      <span aria-live="polite">{t(`push.state.${state}`)}</span>
    </List.Item>
  );
};
