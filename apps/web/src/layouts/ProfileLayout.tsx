import { Layout } from 'antd';
import { Link, Outlet } from 'react-router';
import { ProductLogo } from '../components/ProductLogo';
import { LanguageSwitch } from './LanguageSwitch';
import { UserMenu } from './UserMenu';

/** Pages outside any organization: the product logo and the user menu only. */
export default function ProfileLayout() {
  return (
    <Layout className="qualis-shell">
      <Layout.Header className="qualis-topbar">
        <Link to="/profile" className="qualis-topbar__home">
          <ProductLogo />
        </Link>
        <div className="qualis-topbar__spacer" />
        <LanguageSwitch />
        <UserMenu />
      </Layout.Header>
      <Layout.Content className="qualis-content">
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
