import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useInspectionPackage } from '../organizations/organizations.api';

export interface InspectionPackageCardProps {
  organizationId: string;
  onSuccess: (serverText: string | undefined, fallback: string) => void;
}

/**
 * 'Export everything' (issue 23): the organization's inspection package, made in the background
 * and e-mailed as a 7-day link; the server allows it to the organization's Admins and the SuperAdmin.
 */
export function InspectionPackageCard({ organizationId, onSuccess }: InspectionPackageCardProps) {
  const { t } = useTranslation();
  const request = useInspectionPackage();
  return (
    <Card title={t('settings.inspectionPackage.title')}>
      <Space orientation="vertical" size="small">
        <Typography.Text type="secondary">{t('settings.inspectionPackage.note')}</Typography.Text>
        <Button
          icon={<DownloadOutlined />}
          loading={request.isPending}
          onClick={() =>
            request.mutate(organizationId, {
              onSuccess: (answer) => onSuccess(answer.data?.message, t('messages.reportBeingGenerated')),
            })
          }
        >
          {t('settings.inspectionPackage.export')}
        </Button>
      </Space>
    </Card>
  );
}
