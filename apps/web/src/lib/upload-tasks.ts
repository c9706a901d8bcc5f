import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, ClientCode } from './errors.ts';
import { t } from './i18n/index.ts';
import { type UploadOptions, uploadFile } from './upload.ts';

/** One file on its way up, as a form shows it (components/UploadQueue). */
export interface UploadTask {
  id: number;
  name: string;
  /** 0..100 of the current attempt. */
  percent: number;
  /** Why the last attempt failed (after the automatic retries); null while it runs. */
  error: string | null;
  /** Whether "Retry" can help (not for a file the device cannot read). */
  retryable: boolean;
  cancel: () => void;
  retry: () => void;
}

let next = 0;

const canceled = () => new ApiError(t('upload.canceled'), ClientCode.Abort, null, 0);

/**
 * Whether the upload ended by the member's cancel (client code 600003, docs/product.md#errors): nothing to
 * report.
 */
export const isCanceled = (error: unknown) => error instanceof ApiError && error.code === ClientCode.Abort;

/**
 * Uploads outside the chat (moments, avatar, appeal proof, ticket pictures, payment QR codes) with what the
 * chat has: a percentage per file, cancel, the automatic retries of `uploadFile` (docs/product.md#uploads)
 * and then a "Retry" button instead of a dead end. `run` answers the URL once the file is up, or rejects with
 * the abort code when the member cancels; `tasks` is the queue to show.
 */
export const useUploadTasks = () => {
  const [tasks, setTasks] = useState<UploadTask[]>([]);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const update = useCallback((id: number, patch: Partial<UploadTask>) => {
    if (mounted.current) setTasks((ts) => ts.map((x) => (x.id === id ? { ...x, ...patch } : x)));
  }, []);
  const remove = useCallback((id: number) => {
    if (mounted.current) setTasks((ts) => ts.filter((x) => x.id !== id));
  }, []);

  const run = useCallback(
    (file: Blob, opts: Pick<UploadOptions, 'fileName'> = {}) =>
      new Promise<string>((resolve, reject) => {
        const id = ++next;
        const name = opts.fileName ?? (file instanceof File && file.name ? file.name : 'file');
        let controller = new AbortController();
        let failed = false;
        const attempt = () => {
          controller = new AbortController();
          failed = false;
          update(id, { percent: 0, error: null });
          uploadFile(file, {
            ...opts,
            signal: controller.signal,
            onProgress: (f) => update(id, { percent: Math.round(f * 100) }),
          }).then(
            (url) => {
              remove(id);
              resolve(url);
            },
            (error: unknown) => {
              if (isCanceled(error)) {
                remove(id);
                reject(error);
                return;
              }
              failed = true;
              const message = error instanceof Error ? error.message : t('errors.uploadFailed');
              const retryable = !(error instanceof ApiError && error.code === ClientCode.FileError);
              update(id, { error: message, retryable });
            },
          );
        };
        const cancel = () => {
          if (!failed) {
            controller.abort();
            return;
          }
          remove(id);
          reject(canceled());
        };
        setTasks((ts) => [
          ...ts,
          { id, name, percent: 0, error: null, retryable: true, cancel, retry: attempt },
        ]);
        attempt();
      }),
    [update, remove],
  );

  return { tasks, run, busy: tasks.length > 0 };
};
