import { MOMENT_IMAGES_MAX, MOMENT_TEXT_MAX } from '@chatpay/shared';
import { type ImageUploadItem, SpinLoading, TextArea } from 'antd-mobile';
import { VideoOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { ImagePicker } from '../../components/ImagePicker.tsx';
import { Page } from '../../components/Page.tsx';
import { UploadQueue } from '../../components/UploadQueue.tsx';
import { usePostMoment } from '../../features/moments/index.ts';
import { back } from '../../lib/router/navigate.ts';
import { toast, toastError, toastSuccess } from '../../lib/toast.ts';
import { upload } from '../../lib/upload.ts';
import { isCanceled, useUploadTasks } from '../../lib/upload-tasks.ts';
import { videoPoster } from '../../lib/video-poster.ts';
import '../../features/moments/moments.css';

interface VideoDraft {
  localUrl: string;
  url: string | null;
  duration?: number;
  /** The frame at 1 s (docs/product.md#uploads), uploaded beside the video. */
  poster?: string;
  failed: boolean;
}

/** Compose a moment: text with up to 9 pictures or one video, uploaded while writing. */
const PublishPage = () => {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [images, setImages] = useState<ImageUploadItem[]>([]);
  const [pending, setPending] = useState(0);
  const [video, setVideo] = useState<VideoDraft | null>(null);
  const videoInput = useRef<HTMLInputElement>(null);
  const post = usePostMoment();
  const videoUploads = useUploadTasks();
  // Forget the device copy of a removed or posted video.
  useEffect(() => () => (video ? URL.revokeObjectURL(video.localUrl) : undefined), [video]);

  const pickVideo = async (file: File | undefined) => {
    if (!file) return;
    const draft: VideoDraft = { localUrl: URL.createObjectURL(file), url: null, failed: false };
    setVideo(draft);
    try {
      const shot = await videoPoster(draft.localUrl);
      const poster = shot.poster ? await upload(shot.poster, 'poster.jpg') : undefined;
      const url = await videoUploads.run(file);
      setVideo((v) => (v?.localUrl === draft.localUrl ? { ...v, url, ...(poster ? { poster } : {}) } : v));
    } catch (error) {
      if (isCanceled(error)) {
        setVideo((v) => (v?.localUrl === draft.localUrl ? null : v));
        return;
      }
      toastError(error);
      setVideo((v) => (v?.localUrl === draft.localUrl ? { ...v, failed: true } : v));
    }
  };

  const uploading = pending > 0 || (video !== null && video.url === null && !video.failed);
  const empty = !text.trim() && images.length === 0 && !video?.url;
  const submit = () => {
    if (uploading) {
      toast(t('moments.waitUpload'));
      return;
    }
    post.mutate(
      {
        text: text.trim(),
        images: images.map((i) => i.url),
        video: video?.url ? { url: video.url, duration: video.duration, poster: video.poster } : undefined,
      },
      {
        onSuccess: () => {
          toastSuccess(t('moments.posted'));
          back();
        },
        onError: toastError,
      },
    );
  };

  return (
    <Page
      title={t('titles.momentsPublish')}
      bodyClassName="publish-body"
      right={
        <Button
          size="small"
          color="primary"
          disabled={empty || uploading}
          loading={post.isPending}
          onClick={submit}
          data-testid="publish-submit"
        >
          {t('moments.post')}
        </Button>
      }
    >
      <TextArea
        className="publish-text"
        value={text}
        onChange={setText}
        placeholder={t('moments.placeholder')}
        autoSize={{ minRows: 4, maxRows: 12 }}
        maxLength={MOMENT_TEXT_MAX}
        data-testid="publish-text"
      />
      <div className="publish-media">
        {video ? (
          <div className="publish-video" data-testid="publish-video">
            <video
              src={video.localUrl}
              playsInline
              muted
              preload="metadata"
              onLoadedMetadata={(e) => {
                const duration = e.currentTarget.duration;
                if (Number.isFinite(duration)) setVideo((v) => v && { ...v, duration });
              }}
            />
            {video.url === null ? (
              <div className="publish-video-state">
                {video.failed ? (
                  t('moments.uploadFailed')
                ) : (
                  <>
                    <SpinLoading color="white" style={{ '--size': '18px' }} />
                    {t('moments.uploading')}
                  </>
                )}
              </div>
            ) : null}
            <button
              type="button"
              className="publish-video-remove"
              aria-label={t('moments.removeMedia')}
              onClick={() => setVideo(null)}
              data-testid="publish-video-remove"
            >
              ×
            </button>
            <UploadQueue tasks={videoUploads.tasks} />
          </div>
        ) : (
          <div className="publish-pickers">
            <ImagePicker
              value={images}
              onChange={setImages}
              max={MOMENT_IMAGES_MAX}
              onPendingChange={setPending}
              onCountExceed={() => toast(t('moments.mediaHint'))}
              testId="publish-images"
            />
            {images.length === 0 && pending === 0 ? (
              <button
                type="button"
                className="publish-video-pick"
                onClick={() => videoInput.current?.click()}
                data-testid="publish-video-pick"
              >
                <VideoOutline />
                {t('moments.video')}
              </button>
            ) : null}
          </div>
        )}
        <input
          ref={videoInput}
          className="hidden-input"
          type="file"
          accept="video/*"
          aria-label={t('moments.video')}
          data-testid="publish-video-input"
          onChange={(e) => {
            void pickVideo(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </div>
      <div className="publish-hint">{t('moments.mediaHint')}</div>
    </Page>
  );
};

export default PublishPage;
