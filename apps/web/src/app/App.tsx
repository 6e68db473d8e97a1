import { useEffect } from 'react';
import { BrowserRouter, useNavigate, useRoutes } from 'react-router';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { AppProviders } from './AppProviders';
import { bindNavigate } from '../shared/bridges';
import { routes } from './routes';

/** The route tree; it also hands the router's navigate to the API client. */
export function AppRoutes() {
  const navigate = useNavigate();
  useEffect(() => bindNavigate((to, options) => void navigate(to, options)), [navigate]);
  return useRoutes(routes);
}

export function App() {
  return (
    <AppProviders>
      <ErrorBoundary>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </ErrorBoundary>
    </AppProviders>
  );
}
