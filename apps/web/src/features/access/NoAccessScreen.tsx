import { LockOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** Spec 01 section 2, "Blocking screen": shown instead of the organization pages. */
export function NoAccessScreen() {
  const { t } = useTranslation();
  return (
    <Result
      className="qualis-no-access"
      icon={<LockOutlined />}
      status="warning"
      title={t('access.noAccessTitle')}
      subTitle={t('access.noAccess')}
    />
  );
}
