import { ActionSheet } from 'antd-mobile';
import { useCallback, useEffect, useRef } from 'react';

type Props = Parameters<typeof ActionSheet.show>[0];

/** Shows an action sheet that closes when the page that opened it goes away (back button, navigation). */
export const useSheet = () => {
  const handler = useRef<ReturnType<typeof ActionSheet.show> | null>(null);
  useEffect(() => () => handler.current?.close(), []);
  return useCallback((props: Props) => {
    handler.current?.close();
    handler.current = ActionSheet.show({ ...props, afterClose: () => (handler.current = null) });
    return handler.current;
  }, []);
};
