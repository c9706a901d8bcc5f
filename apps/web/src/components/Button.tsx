import { Button as AntdButton } from 'antd-mobile';
import type { ComponentProps } from 'react';
import { t } from '../lib/i18n/index.ts';

/**
 * antd-mobile's Button, which the app uses everywhere instead: while it loads, antd-mobile shows only a spinner,
 * so the button had no name for a screen reader (axe button-name). It is then named "Loading…" (unless it has a
 * name of its own); what is seen is unchanged.
 */
export const Button = (props: ComponentProps<typeof AntdButton>) => (
  <AntdButton
    {...props}
    aria-label={props['aria-label'] ?? (props.loading === true ? t('common.loading') : undefined)}
  />
);
