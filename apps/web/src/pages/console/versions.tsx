import { type AppPlatform, appPlatforms } from '@chatpay/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { useLatestVersion } from '../../features/app/index.ts';
import { usePublishVersion, useWithdrawVersion } from '../../features/console/index.ts';
import { Choice, ConsolePage, formatTime, TextField } from '../../features/console/ui.ts';
import { confirm } from '../../lib/dialog.tsx';
import { toast, toastError, toastSuccess } from '../../lib/toast.ts';

const VERSION = /^\d{1,4}(\.\d{1,4}){0,3}$/;

/** One platform's latest published version (the public check call, one cache entry per platform). */
const VersionRow = ({ platform }: { platform: AppPlatform }) => {
  const { t } = useTranslation();
  const latest = useLatestVersion(platform);
  const withdraw = useWithdrawVersion();
  if (latest.isPending) {
    return (
      <tr>
        <td colSpan={6}>
          <Loading />
        </td>
      </tr>
    );
  }
  if (latest.isError) {
    return (
      <tr>
        <td colSpan={6}>
          <LoadError error={latest.error} onRetry={() => void latest.refetch()} />
        </td>
      </tr>
    );
  }
  const v = latest.data.latest;
  // A version published by mistake (a forced one above every build blocks every member) is taken back here;
  // the one before it is the latest again.
  const onWithdraw = async () => {
    if (!v) return;
    const text = t('console.version.withdrawConfirm', {
      version: `${v.version} (${v.versionCode})`,
      platform,
    });
    if (!(await confirm(text, `version-withdraw-${platform}`, t('console.version.withdraw'), true))) return;
    try {
      await withdraw.mutateAsync({ platform, versionCode: v.versionCode });
      toastSuccess(t('console.version.withdrawn'));
    } catch (error) {
      toastError(error);
    }
  };
  return (
    <tr data-testid={`version-${platform}`}>
      <td data-label={t('console.version.platform')}>{platform}</td>
      <td data-label={t('console.version.version')}>
        {v ? `${v.version} (${v.versionCode})` : t('console.version.none')}
      </td>
      <td data-label={t('console.version.forced')}>
        {v ? t(`console.version.forced_${v.forced ? 'yes' : 'no'}`) : '—'}
      </td>
      <td data-label={t('console.version.url')}>{v?.downloadUrl || '—'}</td>
      <td data-label={t('console.col.time')}>{formatTime(v?.releaseTime ?? null)}</td>
      <td data-label={t('console.col.actions')}>
        {v ? (
          <Button
            size="mini"
            color="danger"
            fill="outline"
            loading={withdraw.isPending}
            onClick={() => void onWithdraw()}
            data-testid={`version-withdraw-${platform}`}
          >
            {t('console.version.withdraw')}
          </Button>
        ) : null}
      </td>
    </tr>
  );
};

/** App versions: the latest per platform, and publishing a new one (force-update flag, URL). */
const VersionsPage = () => {
  const { t } = useTranslation();
  const publish = usePublishVersion();
  const [platform, setPlatform] = useState<AppPlatform>('web');
  const [version, setVersion] = useState('');
  const [code, setCode] = useState('');
  const [url, setUrl] = useState('');
  const [notes, setNotes] = useState('');
  const [forced, setForced] = useState<'no' | 'yes'>('no');
  const submit = async () => {
    if (!VERSION.test(version.trim()) || !/^\d{1,9}$/.test(code.trim()))
      return void toast(t('console.version.fill'));
    try {
      await publish.mutateAsync({
        platform,
        version: version.trim(),
        versionCode: Number(code.trim()),
        downloadUrl: url.trim(),
        forced: forced === 'yes',
        notes: notes.trim(),
      });
      toastSuccess(t('console.version.published'));
      setVersion('');
      setCode('');
      setNotes('');
    } catch (error) {
      toastError(error);
    }
  };
  return (
    <ConsolePage title={t('console.menu.versions')} testId="console-versions">
      <div className="console-panel">
        <h2>{t('console.version.new')}</h2>
        <div className="console-actions">
          <Choice
            title={t('console.version.platform')}
            value={platform}
            values={appPlatforms}
            label={(v) => v}
            onChange={setPlatform}
            testId="version-platform"
          />
          <TextField
            title={t('console.version.version')}
            placeholder="4.3.3"
            value={version}
            onChange={setVersion}
            testId="version-version"
          />
          <TextField
            title={t('console.version.code')}
            value={code}
            onChange={setCode}
            testId="version-code"
          />
          <TextField title={t('console.version.url')} value={url} onChange={setUrl} testId="version-url" />
          <TextField
            title={t('console.version.notes')}
            value={notes}
            onChange={setNotes}
            testId="version-notes"
          />
          <Choice
            title={t('console.version.forced')}
            value={forced}
            values={['no', 'yes'] as const}
            label={(v) => t(`console.version.forced_${v}`)}
            onChange={setForced}
            testId="version-forced"
          />
          <Button
            color="primary"
            loading={publish.isPending}
            onClick={() => void submit()}
            data-testid="version-publish"
          >
            {t('console.version.publish')}
          </Button>
        </div>
      </div>
      <div className="console-list">
        <table className="console-table">
          <thead>
            <tr>
              <th>{t('console.version.platform')}</th>
              <th>{t('console.version.version')}</th>
              <th>{t('console.version.forced')}</th>
              <th>{t('console.version.url')}</th>
              <th>{t('console.col.time')}</th>
              <th>{t('console.col.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {appPlatforms.map((p) => (
              <VersionRow key={p} platform={p} />
            ))}
          </tbody>
        </table>
      </div>
    </ConsolePage>
  );
};

export default VersionsPage;
