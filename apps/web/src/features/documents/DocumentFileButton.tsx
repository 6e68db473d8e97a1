import { PaperClipOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../app/save-file';
import { fetchDocumentFile } from './documents.api';

export interface DocumentFileRef {
  organizationId: string;
  documentId: string;
  revision?: number;
  file: { id: string; fileName: string };
}

/**
 * A file of a document revision as a link-styled button that downloads it (30 s at most). As the
 * spec says, a failed download shows nothing (spec 03 section 8).
 */
export function DocumentFileButton({ organizationId, documentId, revision, file }: DocumentFileRef) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { blob, fileName } = await fetchDocumentFile(organizationId, documentId, file.id, revision);
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
