import { ProgressBar } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import type { UploadTask } from '../lib/upload-tasks.ts';
import { Button } from './Button.tsx';
import './upload-queue.css';

/** The files of a form on their way up: name, percentage, cancel; after a failure the reason and "Retry". */
export const UploadQueue = ({ tasks }: { tasks: UploadTask[] }) => {
  const { t } = useTranslation();
  if (tasks.length === 0) return null;
  return (
    <ul className="upload-queue" aria-live="polite">
      {tasks.map((task) => (
        <li
          key={task.id}
          className="upload-queue-item"
          data-testid="upload-task"
          data-percent={task.percent}
          data-failed={task.error ? 'true' : 'false'}
        >
          <span className="upload-queue-name">{task.name}</span>
          {task.error ? (
            <span className="upload-queue-error" role="alert">
              {task.error}
            </span>
          ) : (
            <>
              <ProgressBar percent={task.percent} />
              <span className="upload-queue-percent">{t('upload.progress', { percent: task.percent })}</span>
            </>
          )}
          {task.error && task.retryable && (
            <Button
              size="mini"
              color="primary"
              fill="outline"
              onClick={task.retry}
              data-testid="upload-task-retry"
            >
              {t('upload.retry')}
            </Button>
          )}
          <button
            type="button"
            className="upload-queue-cancel"
            aria-label={t('upload.cancel')}
            data-testid="upload-task-cancel"
            onClick={task.cancel}
          >
            <CloseOutline />
          </button>
        </li>
      ))}
    </ul>
  );
};
