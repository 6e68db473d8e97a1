import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/PageSpinner';
import { RequireSession } from '../features/session/RequireSession';
import { loadAllTexts } from '../shared/i18n';
import LoginPage from '../pages/LoginPage';

/** Every route but /login loads its code, and all the texts, when first visited. */
function lazyElement(load: () => Promise<{ default: ComponentType }>) {
  const Component = lazy(() => Promise.all([load(), loadAllTexts()]).then(([page]) => page));
  return (
    <Suspense fallback={<PageSpinner />}>
      <Component />
    </Suspense>
  );
}

/** The organization's audit trail and, without an organization, the provider's: one page, one chunk. */
const auditTrailPage = lazyElement(() => import('../pages/AuditTrailPage'));

export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/logout', element: lazyElement(() => import('../pages/LogoutPage')) },
  { path: '/forgot-password', element: lazyElement(() => import('../pages/ForgotPasswordPage')) },
  { path: '/reset-password', element: lazyElement(() => import('../pages/ResetPasswordPage')) },
  { path: '/set-password', element: lazyElement(() => import('../pages/SetPasswordPage')) },
  { path: '/confirm-email', element: lazyElement(() => import('../pages/ConfirmEmailPage')) },
  {
    element: <RequireSession />,
    children: [
      {
        element: lazyElement(() => import('./SessionProviders')),
        children: [
          {
            element: lazyElement(() => import('../layouts/ProfileLayout')),
            children: [
              { path: '/', element: <Navigate to="/profile" replace /> },
              { path: '/profile', element: lazyElement(() => import('../pages/ProfilePage')) },
              { path: '/profile/edit', element: lazyElement(() => import('../pages/ProfileEditPage')) },
              { path: '/help', element: lazyElement(() => import('../pages/HelpPage')) },
              { path: '/about', element: lazyElement(() => import('../pages/AboutPage')) },
              { path: '/organizations', element: lazyElement(() => import('../pages/OrganizationsPage')) },
              { path: '/user-organizations', element: lazyElement(() => import('../pages/UserOrganizationsPage')) },
              { path: '/provider-audit-trail', element: auditTrailPage },
              { path: '/pages-404', element: lazyElement(() => import('../pages/NotFoundPage')) },
            ],
          },
          {
            path: '/organizations/:organizationId',
            element: lazyElement(() => import('../layouts/OrganizationLayout')),
            children: [
              { index: true, element: <Navigate to="dashboard" replace /> },
              { path: 'dashboard', element: lazyElement(() => import('../pages/DashboardPage')) },
              { path: 'admins', element: lazyElement(() => import('../pages/AdminsPage')) },
              { path: 'users', element: lazyElement(() => import('../pages/UsersPage')) },
              { path: 'users/:userId', element: lazyElement(() => import('../pages/UserDetailPage')) },
              { path: 'user-groups', element: lazyElement(() => import('../pages/UserGroupsPage')) },
              { path: 'user-groups/:groupId', element: lazyElement(() => import('../pages/UserGroupPage')) },
              { path: 'documents', element: lazyElement(() => import('../pages/DocumentsPage')) },
              { path: 'documents/create', element: lazyElement(() => import('../pages/DocumentCreatePage')) },
              { path: 'documents/:documentId', element: lazyElement(() => import('../pages/DocumentDetailPage')) },
              { path: 'tasks', element: lazyElement(() => import('../pages/ActionsPage')) },
              { path: 'tasks/create', element: lazyElement(() => import('../pages/ActionCreatePage')) },
              { path: 'tasks/:taskId', element: lazyElement(() => import('../pages/ActionDetailPage')) },
              { path: 'human-resources', element: lazyElement(() => import('../pages/HumanResourcesPage')) },
              {
                path: 'human-resources/:resourceId',
                element: lazyElement(() => import('../pages/HumanResourceDetailPage')),
              },
              { path: 'training-records', element: lazyElement(() => import('../pages/TrainingRecordsPage')) },
              {
                path: 'training-records/create',
                element: lazyElement(() => import('../pages/TrainingRecordCreatePage')),
              },
              {
                path: 'training-records/:recordId',
                element: lazyElement(() => import('../pages/TrainingRecordDetailPage')),
              },
              { path: 'setting', element: lazyElement(() => import('../pages/SettingsPage')) },
              { path: 'audit-trail', element: auditTrailPage },
              { path: 'help', element: lazyElement(() => import('../pages/HelpPage')) },
              { path: 'notifications', element: lazyElement(() => import('../pages/NotificationsPage')) },
              { path: 'global-search', element: lazyElement(() => import('../pages/GlobalSearchPage')) },
              { path: 'exports/:fileId', element: lazyElement(() => import('../pages/ExportFilePage')) },
            ],
          },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to="/pages-404" replace /> },
];
