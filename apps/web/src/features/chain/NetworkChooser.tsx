import type { Network, NetworkSettings } from '@chatpay/shared';
import { useTranslation } from 'react-i18next';

/** TRC20 / ERC20 / BEP20 as three buttons; networks the server has not enabled are shown, not choosable. */
export const NetworkChooser = ({
  networks,
  value,
  onChange,
}: {
  networks: NetworkSettings[];
  value: Network | null;
  onChange: (n: Network) => void;
}) => {
  const { t } = useTranslation();
  return (
    <fieldset className="chain-networks" aria-label={t('chain.network')}>
      {networks.map((n) => (
        <button
          key={n.network}
          type="button"
          aria-pressed={value === n.network}
          className={`chain-network${value === n.network ? ' active' : ''}`}
          disabled={!n.enabled}
          title={n.enabled ? undefined : t('wallet.notEnabled')}
          onClick={() => onChange(n.network)}
          data-testid={`network-${n.network}`}
        >
          {n.network}
        </button>
      ))}
    </fieldset>
  );
};

/** The network a page opens with: the one asked for if enabled, else the first enabled one. */
export const pickNetwork = (
  networks: NetworkSettings[] | undefined,
  asked: string | null,
): Network | null => {
  if (!networks) return null;
  const wanted = networks.find((n) => n.network === asked && n.enabled);
  return (wanted ?? networks.find((n) => n.enabled))?.network ?? null;
};
