import { lazy, Suspense } from 'react';

// Its code loads with the first page that waits for something, not with the sign-in page.
const Spin = lazy(() => import('antd/es/spin'));

export function PageSpinner() {
  return (
    <div className="qualis-page-spinner">
      <Suspense fallback={null}>
        <Spin size="large" />
      </Suspense>
    </div>
  );
}
