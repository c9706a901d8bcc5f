import { SearchOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { navigate } from '../../../lib/router/navigate.ts';
import { Paths } from '../../../lib/router/paths.ts';

/** The search box at the top of the chat and contacts tabs: it opens the search page. */
export const SearchEntry = ({ testId }: { testId: string }) => {
  const { t } = useTranslation();
  return (
    <div className="search-entry-wrap">
      <button
        type="button"
        className="search-entry"
        data-testid={testId}
        onClick={() => navigate(Paths.chatSearch)}
      >
        <SearchOutline />
        <span>{t('search.placeholder')}</span>
      </button>
    </div>
  );
};
