/** A video's poster is its frame at 1000 ms, as JPEG (docs/product.md#uploads). */
export const POSTER_AT_SECONDS = 1;

/**
 * The poster frame and duration of a video file, made in the browser before upload (a <video> seeked to
 * 1 s, drawn on a canvas). Answers what it could: a video the browser cannot decode has neither.
 */
export const videoPoster = (url: string, timeoutMs = 8000): Promise<{ poster?: Blob; duration?: number }> =>
  new Promise((resolve) => {
    const video = document.createElement('video');
    video.muted = true;
    video.preload = 'auto';
    video.playsInline = true;
    let duration: number | undefined;
    const finish = (poster?: Blob) => {
      clearTimeout(timer);
      video.removeAttribute('src');
      video.load();
      resolve({ ...(poster ? { poster } : {}), ...(duration ? { duration } : {}) });
    };
    const timer = setTimeout(() => finish(), timeoutMs);
    // A recording made by MediaRecorder has no duration in its header (Infinity): seeking far past the end
    // makes the browser find it, then the poster seek follows.
    let probing = false;
    const seekPoster = () => {
      video.currentTime = Math.min(POSTER_AT_SECONDS, Math.max(0, (duration ?? POSTER_AT_SECONDS) - 0.05));
    };
    video.onloadedmetadata = () => {
      if (!Number.isFinite(video.duration)) {
        probing = true;
        video.currentTime = 1e101;
        return;
      }
      duration = Math.round(video.duration * 10) / 10;
      seekPoster();
    };
    video.onseeked = () => {
      if (probing) {
        probing = false;
        duration = Number.isFinite(video.duration) ? Math.round(video.duration * 10) / 10 : undefined;
        seekPoster();
        return;
      }
      const canvas = document.createElement('canvas');
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      const ctx = canvas.getContext('2d');
      if (!ctx || !canvas.width) return finish();
      ctx.drawImage(video, 0, 0);
      canvas.toBlob((blob) => finish(blob ?? undefined), 'image/jpeg', 0.8);
    };
    video.onerror = () => finish();
    video.src = url;
  });
