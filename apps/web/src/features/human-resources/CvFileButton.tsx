import { PaperClipOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../app/save-file';
import { fetchCvFile } from './hr.api';

export interface CvFileButtonProps {
  organizationId: string;
  resourceId: string;
  file: { id: string; fileName: string };
}

/** The CV as a link-styled button that downloads it; a failed download shows nothing, as for documents. */
export function CvFileButton({ organizationId, resourceId, file }: CvFileButtonProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { blob, fileName } = await fetchCvFile(organizationId, resourceId, file.id);
      saveFile(blob, fileName);
    } catch {
      // Silently ignored (spec 03 section 8).
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      type="link"
      size="small"
      className="qualis-file-button"
      icon={<PaperClipOutlined aria-hidden />}
      loading={busy}
      aria-label={t('documents.downloadFile', { name: file.fileName })}
      onClick={() => void download()}
    >
      <span className="qualis-cell-text">{file.fileName}</span>
    </Button>
  );
}
