import { auditActionKey } from '@chatpay/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { i18n } from '../../lib/i18n/index.ts';
import { dateTime } from '../../lib/i18n/time.ts';

export interface Column<T> {
  key: string;
  title: string;
  render(row: T): ReactNode;
}

interface Paged<T> {
  list: T[];
  pagination: { page: number; size: number; total: number };
}

/**
 * A server-side list: loading, error (with retry) and empty states, a table on a desktop that stacks into
 * cards at phone width (console.css), and a pager. Filtering and sorting are the page's inputs to the query.
 */
export const ConsoleList = <T,>({
  query,
  columns,
  rowKey,
  testId,
  empty,
  page,
  onPage,
  onRow,
}: {
  query: UseQueryResult<Paged<T>>;
  columns: Column<T>[];
  rowKey(row: T): string | number;
  testId: string;
  empty: string;
  page: number;
  onPage(page: number): void;
  onRow?(row: T): void;
}) => {
  const { t } = useTranslation();
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const { list, pagination } = query.data;
  if (list.length === 0) return <EmptyState title={empty} testId={`${testId}-empty`} />;
  const pages = Math.max(1, Math.ceil(pagination.total / pagination.size));
  return (
    <div className="console-list" data-testid={testId}>
      <table className="console-table">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key}>{c.title}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {list.map((row) => (
            <tr
              key={rowKey(row)}
              data-testid={`${testId}-row-${rowKey(row)}`}
              className={onRow ? 'console-row-link' : undefined}
              onClick={onRow ? () => onRow(row) : undefined}
            >
              {columns.map((c) => (
                <td key={c.key} data-label={c.title}>
                  {c.render(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="console-pager">
        <Button
          size="mini"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
          data-testid={`${testId}-prev`}
        >
          {t('console.prev')}
        </Button>
        <span>{t('console.pageOf', { page, pages, total: pagination.total })}</span>
        <Button
          size="mini"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
          data-testid={`${testId}-next`}
        >
          {t('console.next')}
        </Button>
      </div>
    </div>
  );
};

/** A select of the given values with translated labels (filters and sorting). */
export const Choice = <V extends string>({
  value,
  values,
  label,
  onChange,
  testId,
  title,
  ariaLabel,
}: {
  value: V;
  values: readonly V[];
  label(v: NoInfer<V>): string;
  onChange(v: NoInfer<V>): void;
  testId: string;
  title: string;
  /** The select's name when no title is shown (a select in a table row). */
  ariaLabel?: string;
}) => (
  <label className="console-field">
    {title ? <span>{title}</span> : null}
    <select
      value={value}
      onChange={(e) => onChange(e.target.value as V)}
      aria-label={title ? undefined : ariaLabel}
      data-testid={testId}
    >
      {values.map((v) => (
        <option key={v} value={v}>
          {label(v)}
        </option>
      ))}
    </select>
  </label>
);

export const TextField = ({
  value,
  onChange,
  title,
  testId,
  placeholder,
  type = 'text',
}: {
  value: string;
  onChange(v: string): void;
  title: string;
  testId: string;
  placeholder?: string;
  type?: string;
}) => (
  <label className="console-field">
    <span>{title}</span>
    <input
      type={type}
      value={value}
      placeholder={placeholder}
      onChange={(e) => onChange(e.target.value)}
      data-testid={testId}
    />
  </label>
);

/** The heading of a console page with its filters under it. */
export const ConsolePage = ({
  title,
  testId,
  filters,
  children,
}: {
  title: string;
  testId: string;
  filters?: ReactNode;
  children: ReactNode;
}) => (
  <section className="console-page" data-testid={testId}>
    <h1 className="console-title">{title}</h1>
    {filters ? <div className="console-filters">{filters}</div> : null}
    {children}
  </section>
);

/** A time in the reader's language (as everywhere in the app), not the browser's default. */
export const formatTime = (iso: string | null) => dateTime(iso, i18n.language, { seconds: true });

/** Newest or oldest first: the server sorts the list (a queue is often worked oldest first). */
export const OrderChoice = ({
  value,
  onChange,
  testId,
}: {
  value: 'asc' | 'desc';
  onChange(v: 'asc' | 'desc'): void;
  testId: string;
}) => {
  const { t } = useTranslation();
  return (
    <Choice
      title={t('console.order')}
      value={value}
      values={['desc', 'asc'] as const}
      label={(v) => t(`console.orderBy.${v}`)}
      onChange={onChange}
      testId={testId}
    />
  );
};

/** Roles in the staff member's language, the codes as a detail on hover. */
export const Roles = ({ roles }: { roles: readonly string[] }) => {
  const { t } = useTranslation();
  return (
    <span title={roles.join(', ')}>
      {roles.map((r) => t(`console.staff.role.${r}`, { defaultValue: r })).join(', ')}
    </span>
  );
};

/** An audit action in the staff member's language, its code as a detail on hover. */
export const AuditActionText = ({ action }: { action: string }) => {
  const { t } = useTranslation();
  return (
    <span title={action}>{t(`console.auditAction.${auditActionKey(action)}`, { defaultValue: action })}</span>
  );
};
