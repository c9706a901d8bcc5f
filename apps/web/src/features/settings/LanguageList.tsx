import { List } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useLocale } from './useLocale.ts';

/** The four languages, each named in itself; choosing one applies at once and persists. */
export const LanguageList = ({ onChosen }: { onChosen?: () => void }) => {
  const { t } = useTranslation();
  const { locale, locales, setLocale } = useLocale();
  return (
    <List className="entry-list">
      {locales.map((l) => (
        <List.Item
          key={l}
          arrowIcon={false}
          extra={l === locale ? <CheckOutline className="check-icon" /> : null}
          onClick={() => {
            void setLocale(l);
            onChosen?.();
          }}
          data-testid={`language-${l}`}
          aria-selected={l === locale}
        >
          {t(`languages.${l}`)}
        </List.Item>
      ))}
    </List>
  );
};
