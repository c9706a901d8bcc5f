import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { useBooks } from '../../features/console/index.ts';
import { ConsolePage } from '../../features/console/ui.ts';

/** The system accounts of the books (fees, escrow, red packets, pay desk, chain) with their balances. */
const BooksPage = () => {
  const { t } = useTranslation();
  const books = useBooks();
  return (
    <ConsolePage title={t('console.menu.books')} testId="console-books">
      {books.isPending ? (
        <Loading />
      ) : books.isError ? (
        <LoadError error={books.error} onRetry={() => void books.refetch()} />
      ) : books.data.length === 0 ? (
        <EmptyState title={t('console.books.empty')} testId="books-empty" />
      ) : (
        <div className="console-list">
          <table className="console-table">
            <thead>
              <tr>
                <th>{t('console.books.account')}</th>
                <th>{t('console.books.balance')}</th>
              </tr>
            </thead>
            <tbody>
              {books.data.map((a) => (
                <tr key={a.code} data-testid={`book-${a.code}`}>
                  <td data-label={t('console.books.account')}>{a.code}</td>
                  <td data-label={t('console.books.balance')}>{a.balance}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ConsolePage>
  );
};

export default BooksPage;
