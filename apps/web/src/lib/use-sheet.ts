import { useCallback, useEffect, useRef } from 'react';
import { showActionSheet } from './action-sheet.tsx';

type Props = Parameters<typeof showActionSheet>[0];

/** Shows an action sheet that closes when the page that opened it goes away (back button, navigation). */
export const useSheet = () => {
  const handler = useRef<ReturnType<typeof showActionSheet> | null>(null);
  useEffect(() => () => handler.current?.close(), []);
  return useCallback((props: Props) => {
    handler.current?.close();
    handler.current = showActionSheet({ ...props, afterClose: () => (handler.current = null) });
    return handler.current;
  }, []);
};
