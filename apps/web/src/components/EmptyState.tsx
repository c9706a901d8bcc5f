import { ErrorBlock } from 'antd-mobile';
import type { ReactNode } from 'react';

/** A real empty state: what is missing and where it will appear. */
export const EmptyState = ({
  title,
  description,
  testId,
  children,
}: {
  title: string;
  description?: string;
  testId: string;
  children?: ReactNode;
}) => (
  <ErrorBlock
    className="empty-state"
    status="empty"
    title={title}
    // Without one, antd-mobile would add its own ("Want to try a new search?"), which rarely fits.
    description={description ?? null}
    data-testid={testId}
  >
    {children}
  </ErrorBlock>
);
