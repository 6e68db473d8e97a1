import { DownloadOutlined } from '@ant-design/icons';
import { EXPORT_FILE_DAYS, endpoints } from '@qualis/contract';
import { Button, Card, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { api } from '../shared/api';
import { saveFile } from '../shared/save-file';
import { PageHeader } from '../components/PageHeader';
import { useSuccessToast } from '../components/useSuccessToast';

/**
 * /organizations/{id}/exports/{fileId}: the link of the e-mail sent when a large PDF export is
 * ready. Opening it downloads the file with the person's session (only they may, until it
 * expires); the button downloads it again. A refusal (expired, not theirs) is the API client's toast.
 */
export default function ExportFilePage() {
  const { t } = useTranslation();
  const { organizationId = '', fileId = '' } = useParams();
  const { success } = useSuccessToast();
  const [busy, setBusy] = useState(false);
  const started = useRef(false);

  const download = useCallback(async () => {
    setBusy(true);
    try {
      const answer = await api.download(endpoints.exportFiles.download, {
        params: { fileId },
        query: { organizationId },
      });
      if ('blob' in answer) {
        saveFile(answer.blob, answer.fileName);
        success(undefined, t('exportFile.downloaded'));
      }
    } catch {
      // The API client has shown the reason (e.g. the link has expired).
    } finally {
      setBusy(false);
    }
  }, [fileId, organizationId, success, t]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void download();
  }, [download]);

  return (
    <>
      <PageHeader title={t('exportFile.title')} />
      <Card>
        <Typography.Paragraph>{t('exportFile.text', { days: EXPORT_FILE_DAYS })}</Typography.Paragraph>
        <Button type="primary" icon={<DownloadOutlined />} loading={busy} onClick={() => void download()}>
          {t('exportFile.download')}
        </Button>
      </Card>
    </>
  );
}
