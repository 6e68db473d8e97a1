import { Button } from 'antd';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function Fallback() {
  const { t } = useTranslation();
  return (
    <div className="qualis-crash" role="alert">
      <p>{t('errors.unexpected')}</p>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </Button>
    </div>
  );
}

/** Last line of defence, e.g. a page's code that no longer exists on the server after a deployment. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <Fallback /> : this.props.children;
  }
}
