import {
  ApartmentOutlined,
  DownOutlined,
  InfoCircleOutlined,
  LogoutOutlined,
  QuestionCircleOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { fullName, UserAvatar } from '../components/UserAvatar';
import { organizationsMenuPath } from '../shared/home-path';
import { useSessionUser } from '../features/session/useSession';

export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { organizationId } = useParams();
  const user = useSessionUser();
  const isSuperAdmin = user.role === 'SuperAdmin';

  const paths: Record<string, string> = {
    profile: '/profile',
    organizations: organizationsMenuPath(user),
    help: organizationId ? `/organizations/${organizationId}/help` : '/help',
    about: '/about',
    logout: '/logout',
  };

  const items: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined />, label: t('userMenu.profile') },
    {
      key: 'organizations',
      icon: <ApartmentOutlined />,
      label: t(!isSuperAdmin && user.organizationCount === 1 ? 'userMenu.organization' : 'userMenu.organizations'),
    },
    { key: 'help', icon: <QuestionCircleOutlined />, label: t('userMenu.help') },
    // The build's validation report is the provider's to hand to a customer.
    ...(isSuperAdmin ? [{ key: 'about', icon: <InfoCircleOutlined />, label: t('userMenu.about') }] : []),
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('userMenu.logout') },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const path = paths[key];
    if (path) void navigate(path);
  };

  return (
    <Dropdown trigger={['click']} menu={{ items, onClick }} autoFocus>
      {/* Named by what it shows (the person's name, kept for screen readers when a phone hides it). */}
      <Button type="text" className="qualis-user-menu" aria-haspopup="menu" title={t('userMenu.open')}>
        {isSuperAdmin ? (
          <Avatar icon={<UserOutlined />} className="qualis-avatar" aria-hidden />
        ) : (
          <UserAvatar person={user} />
        )}
        <span className="qualis-user-menu__name">
          {isSuperAdmin ? t('roles.SuperAdmin') : fullName(user) || user.email}
        </span>
        <DownOutlined />
      </Button>
    </Dropdown>
  );
}
