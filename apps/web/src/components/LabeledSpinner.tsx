import { SpinLoading } from 'antd-mobile';

/**
 * A spinner that says what is going on: antd-mobile's SpinLoading has no role, so a label on it is not
 * allowed (axe aria-prohibited-attr); the label goes on a wrapper that is an image.
 */
export const LabeledSpinner = ({
  label,
  size,
  className,
}: {
  label: string;
  size: string;
  className?: string;
}) => (
  <span role="img" aria-label={label} className={className}>
    <SpinLoading style={{ '--size': size }} />
  </span>
);
