import type QrScanner from 'qr-scanner';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../components/Button.tsx';
import { Page } from '../../components/Page.tsx';
import { appRouteFromText } from '../../features/chat/index.ts';
import { copyText } from '../../lib/clipboard.ts';
import { navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';
import { toast } from '../../lib/toast.ts';

/** Scan a QR code with the camera (or from a picture): the app's own links open, anything else is shown. */
const ScanQrPage = () => {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const [text, setText] = useState<string | null>(null);
  const [cameraError, setCameraError] = useState(false);
  const scanner = useRef<QrScanner | null>(null);

  const [params] = useSearchParams();
  const handle = (data: string) => {
    scanner.current?.stop();
    // Opened from the withdrawal page: the scanned text is the address, handed back to it.
    if (params.get('for') === 'usdt-out') {
      navigate({
        path: Paths.usdtOut,
        mode: 'redirectTo',
        query: { address: data, network: params.get('network') ?? undefined },
      });
      return;
    }
    const route = appRouteFromText(data, window.location.origin);
    if (route) navigate({ path: route, mode: 'redirectTo' });
    else setText(data);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the camera starts once per visit
  useEffect(() => {
    let stopped = false;
    void (async () => {
      try {
        const { default: Scanner } = await import('qr-scanner');
        if (stopped || !video.current) return;
        if (!(await Scanner.hasCamera())) throw new Error('no camera');
        const s = new Scanner(video.current, (r) => handle(r.data), {
          preferredCamera: 'environment',
          highlightScanRegion: true,
          returnDetailedScanResult: true,
        });
        scanner.current = s;
        await s.start();
        if (stopped) s.destroy();
      } catch {
        if (!stopped) setCameraError(true);
      }
    })();
    return () => {
      stopped = true;
      scanner.current?.destroy();
      scanner.current = null;
    };
  }, []);

  const fromImage = async (file: File) => {
    try {
      const { default: Scanner } = await import('qr-scanner');
      const result = await Scanner.scanImage(file, { returnDetailedScanResult: true });
      handle(result.data);
    } catch {
      toast(t('scan.notFound'));
    }
  };

  return (
    <Page title={t('titles.scanQr')} bodyClassName="scan-body">
      <div className="scan-view">
        <video ref={video} className="scan-video" muted playsInline data-testid="scan-video" />
        {cameraError ? (
          <div className="scan-hint">{t('scan.noCamera')}</div>
        ) : (
          <div className="scan-hint">{t('scan.hint')}</div>
        )}
      </div>
      {text !== null ? (
        <div className="scan-result" data-testid="scan-result">
          <div className="scan-result-label">{t('scan.result')}</div>
          <div className="scan-result-text">{text}</div>
          <Button size="small" onClick={() => void copyText(text)}>
            {t('common.copy')}
          </Button>
        </div>
      ) : null}
      <div className="page-actions">
        <Button
          block
          fill="outline"
          color="primary"
          onClick={() => picker.current?.click()}
          data-testid="scan-pick"
        >
          {t('scan.fromImage')}
        </Button>
        <input
          ref={picker}
          hidden
          type="file"
          accept="image/*"
          data-testid="scan-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void fromImage(file);
          }}
        />
      </div>
    </Page>
  );
};

export default ScanQrPage;
