import { useTranslation } from 'react-i18next';
import { Page } from '../../components/Page.tsx';
import { LanguageList } from '../../features/settings/ui.ts';

/** Language: en, 中文, Tiếng Việt, 日本語 (docs/product.md#features); the UI switches at once. */
const LanguagePage = () => {
  const { t } = useTranslation();
  return (
    <Page title={t('titles.language')}>
      <LanguageList />
      <p className="page-hint">{t('language.hint')}</p>
    </Page>
  );
};

export default LanguagePage;
