import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { antdLocale } from './antdLocale.ts';
import { queryClient } from './queryClient.ts';
import { AppRouter } from './routes.tsx';

/** Providers: server state, antd-mobile's own texts in the UI language, and the hash router. */
export const App = () => {
  const { i18n } = useTranslation();
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={antdLocale(i18n.language)}>
        <AppRouter />
      </ConfigProvider>
    </QueryClientProvider>
  );
};
