import { TOAST_MS } from '@chatpay/shared';
import { Toast } from 'antd-mobile';
import { errorText } from './errors.ts';

/** A short message (docs/product.md#limits: toasts last 1500 ms). */
export const toast = (content: string) => Toast.show({ content, duration: TOAST_MS });

export const toastSuccess = (content: string) => Toast.show({ content, icon: 'success', duration: TOAST_MS });

/** Shows any thrown value's message. */
export const toastError = (error: unknown) => toast(errorText(error));

/** A blocking spinner until `done` is called. */
export const showLoading = (content: string) => {
  const handler = Toast.show({ content, icon: 'loading', duration: 0, maskClickable: false });
  return () => handler.close();
};

/** Awaits a call from a page: its answer, or null once the refusal has been shown. */
export const orToast = <T>(run: Promise<T>): Promise<T | null> =>
  run.catch((error: unknown) => {
    toastError(error);
    return null;
  });
