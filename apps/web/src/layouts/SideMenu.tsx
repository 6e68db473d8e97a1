import {
  AppstoreOutlined,
  AuditOutlined,
  CheckSquareOutlined,
  DashboardOutlined,
  FileTextOutlined,
  IdcardOutlined,
  KeyOutlined,
  QuestionCircleOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { MenuKey, MenuNode } from './side-menu';

const icons: Record<MenuKey, ReactNode> = {
  dashboard: <DashboardOutlined />,
  admins: <SafetyCertificateOutlined />,
  'user-groups': <TeamOutlined />,
  users: <UserOutlined />,
  general: <AppstoreOutlined />,
  documents: <FileTextOutlined />,
  tasks: <CheckSquareOutlined />,
  'training-records': <ReadOutlined />,
  'human-resources': <IdcardOutlined />,
  setting: <SettingOutlined />,
  'audit-trail': <AuditOutlined />,
  help: <QuestionCircleOutlined />,
  'access-permissions': <KeyOutlined />,
};

const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

export function SideMenu({ nodes }: { nodes: MenuNode[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();

  const toItem = (node: MenuNode): NonNullable<MenuProps['items']>[number] => ({
    key: node.key,
    icon: icons[node.key],
    label: node.path ? <Link to={node.path}>{t(`menu.${node.key}`)}</Link> : t(`menu.${node.key}`),
    children: node.children?.map(toItem),
  });
  const selected = flatten(nodes).filter((n) => n.path && (pathname === n.path || pathname.startsWith(`${n.path}/`)));

  return (
    <Menu
      theme="dark"
      mode="inline"
      items={nodes.map(toItem)}
      selectedKeys={selected.map((n) => n.key)}
      defaultOpenKeys={['general']}
    />
  );
}
