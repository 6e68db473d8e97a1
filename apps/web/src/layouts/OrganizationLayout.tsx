import { CloseOutlined, MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Drawer, Layout } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useParams } from 'react-router';
import { ApiError } from '../shared/api-client';
import { AccessDenied } from '../components/AccessDenied';
import { ProductLogo } from '../components/ProductLogo';
import { useNarrow } from '../components/useNarrow';
import { NotificationBell } from '../features/notifications/NotificationBell';
import { OrganizationLogo } from '../features/organizations/OrganizationLogo';
import { useOrganization } from '../features/organizations/organizations.api';
import { organizationsMenuPath } from '../shared/home-path';
import { useSessionUser } from '../features/session/useSession';
import { useAccessFlags } from '../features/access/access.api';
import { AccessGate } from '../features/access/AccessGate';
import { GlobalSearchBox } from '../features/search/GlobalSearchBox';
import { globalSearchPath } from '../features/search/search-url';
import { buildSideMenu, type MenuNode } from './side-menu';
import { SideMenu } from './SideMenu';
import { LanguageSwitch } from './LanguageSwitch';
import { UserMenu } from './UserMenu';

/** The side menu's content, in the sider on wide screens and in the drawer on phones. */
function MenuPanel({ menu }: { menu: { main: MenuNode[]; bottom: MenuNode[] } }) {
  const { t } = useTranslation();
  return (
    <>
      <nav className="qualis-sider__menu" aria-label={t('layout.mainMenu')}>
        <SideMenu nodes={menu.main} />
      </nav>
      <nav className="qualis-sider__bottom" aria-label={t('layout.helpMenu')}>
        <SideMenu nodes={menu.bottom} />
      </nav>
    </>
  );
}

/**
 * Pages inside one organization: its logo, the menu toggle, search, notifications, and the side menu.
 * On phones the side menu lives in a drawer opened from the top bar's menu button.
 */
export default function OrganizationLayout() {
  const { t } = useTranslation();
  const { organizationId = '' } = useParams();
  const { pathname } = useLocation();
  const user = useSessionUser();
  const organization = useOrganization(organizationId);
  const narrow = useNarrow();
  const [collapsed, setCollapsed] = useState(false);
  // The drawer is open for the page it was opened on: following one of its links closes it.
  const [drawerPage, setDrawerPage] = useState<string | null>(null);
  const drawerOpen = drawerPage === pathname;
  // On phones the search box is a row under the top bar: always on the results page, elsewhere
  // opened by the top bar's search button, for the page it was opened on.
  const onSearchPage = pathname === globalSearchPath(organizationId);
  const [searchPage, setSearchPage] = useState<string | null>(null);
  if (onSearchPage && searchPage !== null) setSearchPage(null);
  const searchOpen = onSearchPage || searchPage === pathname;
  const access = useAccessFlags(organizationId);
  const menu = buildSideMenu(access.flags, organizationId, user.id);

  // An organization the person may not open (the SuperAdmin and one its client manages): the
  // Access Denied screen alone, with no menu or top bar of an organization they cannot enter.
  if (organization.error instanceof ApiError && organization.error.status === 403) {
    return (
      <main className="qualis-denied">
        <AccessDenied backTo={organizationsMenuPath(user)} />
      </main>
    );
  }

  return (
    <Layout className="qualis-shell" hasSider={!narrow}>
      {!narrow && (
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
          <MenuPanel menu={menu} />
        </Layout.Sider>
      )}
      {narrow && (
        <Drawer
          rootClassName="qualis-drawer"
          placement="left"
          size={280}
          open={drawerOpen}
          onClose={() => setDrawerPage(null)}
          closeIcon={<CloseOutlined aria-label={t('layout.closeMenu')} />}
          title={<ProductLogo light />}
          styles={{ body: { padding: 0 } }}
        >
          <MenuPanel menu={menu} />
        </Drawer>
      )}
      <Layout className="qualis-main">
        <Layout.Header className="qualis-topbar">
          {narrow ? (
            <Button
              type="text"
              icon={<MenuOutlined />}
              aria-label={t('layout.openMenu')}
              aria-expanded={drawerOpen}
              onClick={() => setDrawerPage(pathname)}
            />
          ) : (
            <Button
              type="text"
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              aria-label={t('layout.toggleMenu')}
              aria-expanded={!collapsed}
              onClick={() => setCollapsed((c) => !c)}
            />
          )}
          {organization.data && (
            <span className="qualis-topbar__organization" title={organization.data.name}>
              <OrganizationLogo organization={organization.data} size={32} />
              <span>{organization.data.name}</span>
            </span>
          )}
          {!narrow && <GlobalSearchBox organizationId={organizationId} />}
          <div className="qualis-topbar__spacer" />
          {narrow && !onSearchPage && (
            <Button
              type="text"
              icon={<SearchOutlined />}
              aria-label={t('search.open')}
              aria-expanded={searchOpen}
              aria-controls="qualis-search-row"
              onClick={() => setSearchPage(searchOpen ? null : pathname)}
            />
          )}
          <NotificationBell organizationId={organizationId} />
          <LanguageSwitch />
          <UserMenu />
        </Layout.Header>
        {narrow && searchOpen && (
          <div id="qualis-search-row" className="qualis-search-row">
            <GlobalSearchBox organizationId={organizationId} autoFocus={!onSearchPage} />
          </div>
        )}
        <Layout.Content className="qualis-content">
          <AccessGate flags={access.flags} loading={access.isLoading} organizationId={organizationId} userId={user.id}>
            <Outlet />
          </AccessGate>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
