import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Input, Layout } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate, useParams } from 'react-router';
import { ProductLogo } from '../components/ProductLogo';
import { NotificationBell } from '../features/notifications/NotificationBell';
import { OrganizationLogo } from '../features/organizations/OrganizationLogo';
import { useOrganization } from '../features/organizations/organizations.api';
import { useSessionUser } from '../features/session/useSession';
import { useAccessFlags } from '../features/access/access.api';
import { AccessGate } from '../features/access/AccessGate';
import { buildSideMenu } from './side-menu';
import { SideMenu } from './SideMenu';
import { LanguageSwitch } from './LanguageSwitch';
import { UserMenu } from './UserMenu';

/** Pages inside one organization: its logo, the menu toggle, search, notifications, and the side menu. */
export default function OrganizationLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { organizationId = '' } = useParams();
  const user = useSessionUser();
  const organization = useOrganization(organizationId);
  const [collapsed, setCollapsed] = useState(false);
  const access = useAccessFlags(organizationId);
  const menu = buildSideMenu(user.role, access.flags, organizationId, user.id);
  const base = `/organizations/${organizationId}`;

  // The global search page comes later; until then Enter takes the text there (the 404 page for now).
  const search = (text: string) => {
    if (text.trim()) void navigate(`${base}/global-search?search=${encodeURIComponent(text.trim())}`);
  };

  return (
    <Layout className="qualis-shell" hasSider>
      <Layout.Sider
        className="qualis-sider"
        width={248}
        collapsedWidth={72}
        collapsed={collapsed}
        trigger={null}
        breakpoint="lg"
        onBreakpoint={setCollapsed}
      >
        <div className="qualis-sider__brand">
          <ProductLogo light />
        </div>
        <nav className="qualis-sider__menu" aria-label={t('layout.mainMenu')}>
          <SideMenu nodes={menu.main} />
        </nav>
        <nav className="qualis-sider__bottom" aria-label={t('layout.helpMenu')}>
          <SideMenu nodes={menu.bottom} />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header className="qualis-topbar">
          <Button
            type="text"
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            aria-label={t('layout.toggleMenu')}
            aria-expanded={!collapsed}
            onClick={() => setCollapsed((c) => !c)}
          />
          {organization.data && (
            <span className="qualis-topbar__organization">
              <OrganizationLogo organization={organization.data} size={32} />
              <span>{organization.data.name}</span>
            </span>
          )}
          <Input.Search
            className="qualis-topbar__search"
            placeholder={t('layout.search')}
            aria-label={t('layout.search')}
            allowClear
            onSearch={search}
          />
          <div className="qualis-topbar__spacer" />
          <NotificationBell organizationId={organizationId} />
          <LanguageSwitch />
          <UserMenu />
        </Layout.Header>
        <Layout.Content className="qualis-content">
          <AccessGate flags={access.flags} loading={access.isLoading} organizationId={organizationId} userId={user.id}>
            <Outlet />
          </AccessGate>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
