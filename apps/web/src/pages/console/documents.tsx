import { type DocumentKey, documentKeys, LOCALES, type Locale } from '@chatpay/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { useDocumentSave, useDocuments } from '../../features/console/index.ts';
import { Choice, ConsolePage, formatTime } from '../../features/console/ui.ts';
import { toastError, toastSuccess } from '../../lib/toast.ts';

/**
 * The agreement, privacy policy and about texts in each of the four languages. The app ships its own text in
 * each (docs/product.md#documents); the app's pages show the reader's language, and saving an empty text
 * brings the built-in one back.
 */
const DocumentsPage = () => {
  const { t } = useTranslation();
  const docs = useDocuments();
  const save = useDocumentSave();
  const [key, setKey] = useState<DocumentKey>('userAgreement');
  const [lang, setLang] = useState<Locale>('en');
  const current = docs.data?.find((d) => d.key === key && d.lang === lang);
  const [text, setText] = useState('');
  useEffect(() => setText(current?.value ?? ''), [current?.value]);
  const onSave = async () => {
    try {
      await save.mutateAsync({ key, lang, value: text });
      toastSuccess(t('console.doc.saved'));
    } catch (error) {
      toastError(error);
    }
  };
  return (
    <ConsolePage
      title={t('console.menu.documents')}
      testId="console-documents"
      filters={
        <>
          <Choice
            title={t('console.doc.document')}
            value={key}
            values={documentKeys}
            label={(v) => t(`console.doc.keys.${v}`)}
            onChange={setKey}
            testId="doc-key"
          />
          <Choice
            title={t('console.doc.language')}
            value={lang}
            values={LOCALES}
            label={(v) => t(`console.doc.langs.${v}`)}
            onChange={setLang}
            testId="doc-lang"
          />
        </>
      }
    >
      {docs.isPending ? (
        <Loading />
      ) : docs.isError ? (
        <LoadError error={docs.error} onRetry={() => void docs.refetch()} />
      ) : (
        <div className="console-panel">
          <p className="console-muted" data-testid="doc-state">
            {current?.builtIn
              ? t('console.doc.builtIn')
              : current?.updateTime
                ? t('console.doc.updated', { time: formatTime(current.updateTime) })
                : t('console.doc.default')}
          </p>
          <textarea
            className="console-doc"
            value={text}
            maxLength={50_000}
            onChange={(e) => setText(e.target.value)}
            data-testid="doc-text"
            aria-label={t(`console.doc.keys.${key}`)}
          />
          <div className="console-actions">
            <Button
              color="primary"
              loading={save.isPending}
              onClick={() => void onSave()}
              data-testid="doc-save"
            >
              {t('console.doc.save')}
            </Button>
          </div>
        </div>
      )}
    </ConsolePage>
  );
};

export default DocumentsPage;
