import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Page } from '../../components/Page.tsx';

/** Chat tab: the session list arrives with the chat feature; until then its honest empty state. */
const ChatTab = () => {
  const { t } = useTranslation();
  return (
    <Page title={t('tabs.chat')} back={false}>
      <EmptyState title={t('chat.empty')} description={t('chat.emptyHint')} testId="chat-empty" />
    </Page>
  );
};

export default ChatTab;
