import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Page } from '../../components/Page.tsx';

/** Contacts tab: the friend list arrives with the chat feature; until then its honest empty state. */
const ContactTab = () => {
  const { t } = useTranslation();
  return (
    <Page title={t('tabs.contact')} back={false}>
      <EmptyState title={t('contact.empty')} description={t('contact.emptyHint')} testId="contact-empty" />
    </Page>
  );
};

export default ContactTab;
