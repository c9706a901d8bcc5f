import { List } from 'antd-mobile';
import {
  ClockCircleOutline,
  EditSOutline,
  ExclamationCircleOutline,
  GlobalOutline,
  InformationCircleOutline,
  LockOutline,
  MessageOutline,
  QuestionCircleOutline,
  SetOutline,
  ShopbagOutline,
  SystemQRcodeOutline,
  UserContactOutline,
} from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/Page.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { useContactService } from '../../features/chat/ui.ts';
import { MyBadges } from '../../features/paydesk/ui.ts';
import { usePerson } from '../../features/user/index.ts';
import { navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';

const entries = [
  { key: 'editProfile', path: Paths.userEdit, Icon: EditSOutline, testId: 'my-edit' },
  { key: 'myQr', path: Paths.userQr, Icon: SystemQRcodeOutline, testId: 'my-qr' },
  { key: 'identity', path: Paths.userIdentity, Icon: UserContactOutline, testId: 'my-identity' },
  { key: 'settings', path: Paths.userSet, Icon: SetOutline, testId: 'my-settings' },
  { key: 'loginActivity', path: Paths.userDevices, Icon: ClockCircleOutline, testId: 'my-devices' },
  { key: 'autoReply', path: Paths.userReply, Icon: MessageOutline, testId: 'my-reply' },
  { key: 'purchases', path: Paths.payOrders, Icon: ShopbagOutline, testId: 'my-purchases' },
  { key: 'password2', path: Paths.userPassword2, Icon: LockOutline, testId: 'my-password2' },
  { key: 'language', path: Paths.language, Icon: GlobalOutline, testId: 'my-language' },
  { key: 'complaints', path: Paths.complainList, Icon: ExclamationCircleOutline, testId: 'my-complaints' },
  { key: 'feedback', path: Paths.feedbackSubmit, Icon: QuestionCircleOutline, testId: 'my-feedback' },
  { key: 'about', path: Paths.userAbout, Icon: InformationCircleOutline, testId: 'my-about' },
] as const;

/** The Me tab: who I am and the ways into my profile and settings. */
const MyTab = () => {
  const { t } = useTranslation();
  const { data: user } = usePerson();
  const service = useContactService();
  return (
    <Page title={t('tabs.my')} back={false}>
      <button
        type="button"
        className="profile-card"
        data-testid="my-profile"
        onClick={() => navigate(Paths.userEdit)}
      >
        <UserAvatar src={user?.avatar} size={64} testId="my-avatar" />
        <div className="profile-text">
          <div className="profile-name" data-testid="my-nickname">
            {user?.nickName ?? ''}
          </div>
          <div className="profile-sub" data-testid="my-member-id">
            {user ? t('my.memberId', { id: user.memberId }) : ''}
          </div>
          <MyBadges />
          {user?.description ? <div className="profile-status">{user.description}</div> : null}
        </div>
        <SystemQRcodeOutline
          className="profile-qr"
          onClick={(e) => {
            e.stopPropagation();
            navigate(Paths.userQr);
          }}
        />
      </button>
      <List className="entry-list">
        {entries.map(({ key, path, Icon, testId }) => (
          <List.Item
            key={key}
            prefix={<Icon className="entry-icon" />}
            onClick={() => navigate(path)}
            data-testid={testId}
          >
            {t(`my.${key}`)}
          </List.Item>
        ))}
        <List.Item
          prefix={<MessageOutline className="entry-icon" />}
          onClick={service.pending ? undefined : service.open}
          data-testid="my-service"
        >
          {t('my.service')}
        </List.Item>
      </List>
    </Page>
  );
};

export default MyTab;
