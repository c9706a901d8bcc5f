import { useCallback, useState } from 'react';
import { toastError } from '../../lib/toast.ts';
import type { CommentTarget } from './components/CommentBar.tsx';
import { useComment } from './queries.ts';

/** The comment being written (which moment, which comment it answers) and its sending. */
export const useCommenting = () => {
  const [target, setTarget] = useState<CommentTarget | null>(null);
  const comment = useComment();
  const send = useCallback(
    async (text: string) => {
      if (!target) return false;
      try {
        await comment.mutateAsync({ id: target.momentId, text, replyToId: target.replyTo?.id });
        setTarget(null);
        return true;
      } catch (error) {
        toastError(error);
        return false;
      }
    },
    [target, comment],
  );
  return { target, open: setTarget, close: () => setTarget(null), send, sending: comment.isPending };
};
