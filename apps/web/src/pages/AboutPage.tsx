import { DownloadOutlined } from '@ant-design/icons';
import { endpoints } from '@qualis/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Result, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { api } from '../shared/api';
import { formatDateTime } from '../shared/dates';
import { saveFile } from '../shared/save-file';
import { PageHeader } from '../components/PageHeader';
import { useSessionUser } from '../features/session/useSession';

/**
 * /about (SuperAdmin): the running version and the validation report this build was made with
 * (docs/decisions/0034), for a customer's quality unit, or that the build carries none.
 */
export default function AboutPage() {
  const { t, i18n } = useTranslation();
  const user = useSessionUser();
  const [busy, setBusy] = useState<'pdf' | 'html' | null>(null);
  const about = useQuery({
    queryKey: ['about'],
    queryFn: ({ signal }) => api.call(endpoints.about.get, { signal }),
    select: (answer) => answer.data,
    enabled: user.role === 'SuperAdmin',
  });

  if (user.role !== 'SuperAdmin') return <Navigate to="/profile" replace />;

  const download = async (format: 'pdf' | 'html') => {
    setBusy(format);
    try {
      const answer = await api.download(endpoints.validationReport.get, { query: { format } });
      if ('blob' in answer) saveFile(answer.blob, answer.fileName);
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(null);
    }
  };

  if (about.isPending) return <Spin />;
  if (about.isError) {
    return (
      <Result
        status="warning"
        subTitle={t('about.loadFailed')}
        extra={<Button onClick={() => void about.refetch()}>{t('table.retry')}</Button>}
      />
    );
  }
  const { version, validationReport: report } = about.data;

  return (
    <>
      <PageHeader title={t('about.title')} />
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Card>
          <Descriptions column={1} items={[{ key: 'version', label: t('about.version'), children: version ?? '—' }]} />
        </Card>
        <Card title={t('about.validationTitle')}>
          <Typography.Paragraph>{t('about.validationText')}</Typography.Paragraph>
          {report ? (
            <>
              <Space wrap size="small" style={{ marginBottom: 16 }}>
                <Tag color={report.validated ? 'success' : 'error'}>
                  {t(report.validated ? 'about.validated' : 'about.notValidated')}
                </Tag>
                <Typography.Text>
                  {t('about.reportMade', {
                    time: formatDateTime(report.madeAt, i18n.language),
                    commit: report.commit?.slice(0, 12) ?? '—',
                    version: report.version,
                  })}
                </Typography.Text>
              </Space>
              {/* The report and its verdict are in English. */}
              <Typography.Paragraph type="secondary" lang="en">
                {report.verdict}
              </Typography.Paragraph>
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
            </>
          ) : (
            <Alert type="warning" showIcon title={t('about.noReport')} />
          )}
        </Card>
      </Space>
    </>
  );
}
