import type { Order, OrderFeedback } from '@chatpay/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { TextInput } from '../../../components/TextInput.tsx';
import { toastError } from '../../../lib/toast.ts';
import { useLeaveFeedback } from '../queries.ts';

const Said = ({ who, feedback, testId }: { who: string; feedback: OrderFeedback; testId: string }) => {
  const { t } = useTranslation();
  return (
    <div className="c2c-feedback-item" data-testid={testId} data-positive={String(feedback.positive)}>
      <span className="c2c-muted">{who} </span>
      <b className={feedback.positive ? 'c2c-feedback-positive' : 'c2c-feedback-negative'}>
        {t(feedback.positive ? 'c2c.feedback.positive' : 'c2c.feedback.negative')}
      </b>
      {feedback.comment ? <div>{feedback.comment}</div> : null}
    </div>
  );
};

/**
 * Feedback on a completed order (docs/design/market.md, "Feedback"): my rating of the other party once, and
 * what each side said.
 */
export const FeedbackCard = ({ order }: { order: Order }) => {
  const { t } = useTranslation();
  const leave = useLeaveFeedback();
  const [positive, setPositive] = useState<boolean | null>(null);
  const [comment, setComment] = useState('');
  if (order.status !== 'completed') return null;
  const mine = order.role === 'buyer' ? order.buyerFeedback : order.sellerFeedback;
  const theirs = order.role === 'buyer' ? order.sellerFeedback : order.buyerFeedback;
  const submit = async () => {
    if (positive === null) return;
    try {
      await leave.mutateAsync({ id: order.orderId, positive, comment: comment.trim() });
    } catch (error) {
      toastError(error);
    }
  };
  return (
    <div className="c2c-card" data-testid="order-feedback">
      <div className="c2c-card-title">{t('c2c.feedback.title')}</div>
      {mine ? (
        <Said who={t('c2c.feedback.mine')} feedback={mine} testId="feedback-mine" />
      ) : (
        <div data-testid="feedback-form">
          <div className="c2c-muted">{t('c2c.feedback.prompt')}</div>
          <div className="c2c-feedback-choice">
            <Button
              size="small"
              color="success"
              fill={positive === true ? 'solid' : 'outline'}
              onClick={() => setPositive(true)}
              data-testid="feedback-positive"
            >
              {t('c2c.feedback.positive')}
            </Button>
            <Button
              size="small"
              color="danger"
              fill={positive === false ? 'solid' : 'outline'}
              onClick={() => setPositive(false)}
              data-testid="feedback-negative"
            >
              {t('c2c.feedback.negative')}
            </Button>
          </div>
          <TextInput
            testId="feedback-comment"
            value={comment}
            onChange={setComment}
            maxLength={500}
            placeholder={t('c2c.feedback.comment')}
          />
          <Button
            block
            color="primary"
            disabled={positive === null}
            loading={leave.isPending}
            onClick={() => void submit()}
            data-testid="feedback-submit"
            style={{ marginTop: 8 }}
          >
            {t('c2c.feedback.submit')}
          </Button>
        </div>
      )}
      {theirs ? <Said who={t('c2c.feedback.theirs')} feedback={theirs} testId="feedback-theirs" /> : null}
    </div>
  );
};
