import { t } from './i18n/index.ts';
import { toast } from './toast.ts';

/** Copies text and says whether it worked (SPEC §8 copy messages). */
export const copyText = async (text: string) => {
  try {
    await navigator.clipboard.writeText(text);
    toast(t('common.copied'));
  } catch {
    toast(t('common.copyFailed'));
  }
};
