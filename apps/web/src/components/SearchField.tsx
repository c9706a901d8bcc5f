import { SearchBar, type SearchBarProps } from 'antd-mobile';
import { CloseCircleFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import './search-field.css';

/**
 * antd-mobile's SearchBar with a clear button of our own: its built-in one is a labelled `div` that a keyboard
 * cannot reach and a screen reader cannot name as a button (axe aria-prohibited-attr).
 */
export const SearchField = (props: Omit<SearchBarProps, 'clearable'> & { 'data-testid'?: string }) => {
  const { t } = useTranslation();
  const { value, onChange, onClear } = props;
  return (
    <div className="search-field">
      <SearchBar {...props} clearable={false} />
      {value ? (
        <button
          type="button"
          className="search-field-clear"
          aria-label={t('common.clear')}
          onClick={() => {
            onChange?.('');
            onClear?.();
          }}
        >
          <CloseCircleFill />
        </button>
      ) : null}
    </div>
  );
};
