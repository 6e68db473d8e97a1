import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/PageSpinner';
import { RequireSession } from '../features/session/RequireSession';
import LoginPage from '../pages/LoginPage';

/** Every route but /login loads its code when first visited. */
function lazyElement(load: () => Promise<{ default: ComponentType }>) {
  const Component = lazy(load);
  return (
    <Suspense fallback={<PageSpinner />}>
      <Component />
    </Suspense>
  );
}

export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/logout', element: lazyElement(() => import('../pages/LogoutPage')) },
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
              { path: '/organizations', element: lazyElement(() => import('../pages/OrganizationsPage')) },
              { path: '/user-organizations', element: lazyElement(() => import('../pages/UserOrganizationsPage')) },
              { path: '/pages-404', element: lazyElement(() => import('../pages/NotFoundPage')) },
            ],
          },
          {
            path: '/organizations/:organizationId',
            element: lazyElement(() => import('../layouts/OrganizationLayout')),
            children: [
              { index: true, element: <Navigate to="dashboard" replace /> },
              { path: 'dashboard', element: lazyElement(() => import('../pages/DashboardPage')) },
            ],
          },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to="/pages-404" replace /> },
];
