import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** What a page shows instead of an item the person may not open (spec 01 section 6). */
export function AccessDenied({ backTo, backLabel }: { backTo?: string; backLabel?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={t('account.accessDeniedTitle')}
      subTitle={t('errors.accessDenied')}
      extra={
        <Button type="primary" onClick={() => void (backTo ? navigate(backTo) : navigate(-1))}>
          {backLabel ?? t('account.goBack')}
        </Button>
      }
    />
  );
}
