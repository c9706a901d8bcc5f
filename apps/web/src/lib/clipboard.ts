import { t } from './i18n/index.ts';
import { toast } from './toast.ts';

/** Copies text and says whether it worked (the copy messages of docs/product.md#errors). */
export const copyText = async (text: string) => {
  try {
    await navigator.clipboard.writeText(text);
    toast(t('common.copied'));
  } catch {
    toast(t('common.copyFailed'));
  }
};
