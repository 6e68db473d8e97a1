import { DownloadOutlined } from '@ant-design/icons';
import { endpoints } from '@qualis/contract';
import { Button, Card, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { api } from '../shared/api';
import { saveFile } from '../shared/save-file';
import { PageHeader } from '../components/PageHeader';
import { useSessionUser } from '../features/session/useSession';

/**
 * /about (SuperAdmin): the validation report this build was made with (docs/decisions/0034),
 * for a customer's quality unit. A build without one answers 404, which the API client toasts.
 */
export default function AboutPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [busy, setBusy] = useState<'pdf' | 'html' | null>(null);

  if (user.role !== 'SuperAdmin') return <Navigate to="/profile" replace />;

  const download = async (format: 'pdf' | 'html') => {
    setBusy(format);
    try {
      const answer = await api.download(endpoints.validationReport.get, { query: { format } });
      if ('blob' in answer) saveFile(answer.blob, answer.fileName);
    } catch {
      // The API client has shown why (no report in this build).
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <PageHeader title={t('about.title')} />
      <Card title={t('about.validationTitle')}>
        <Typography.Paragraph>{t('about.validationText')}</Typography.Paragraph>
        <Space wrap>
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            loading={busy === 'pdf'}
            onClick={() => void download('pdf')}
          >
            {t('about.downloadPdf')}
          </Button>
          <Button icon={<DownloadOutlined />} loading={busy === 'html'} onClick={() => void download('html')}>
            {t('about.downloadHtml')}
          </Button>
        </Space>
      </Card>
    </>
  );
}
