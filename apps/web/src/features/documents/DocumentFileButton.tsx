import { SafetyCertificateOutlined } from '@ant-design/icons';
import { endpoints } from '@qualis/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api';
import { useExportAnswer } from '../../components/ExportMenu';
import { FileDownloadButton } from '../../components/FileDownloadButton';
import { fetchDocumentFile } from './documents.api';

export interface DocumentFileRef {
  organizationId: string;
  documentId: string;
  revision?: number;
  file: { id: string; fileName: string };
}

/**
 * A file of a document revision as a link-styled button that downloads it (30 s at most); a failed
 * download shows nothing.
 */
export function DocumentFileButton({ organizationId, documentId, revision, file }: DocumentFileRef) {
  return (
    <FileDownloadButton
      fileName={file.fileName}
      fetchFile={() => fetchDocumentFile(organizationId, documentId, file.id, revision)}
    />
  );
}

/**
 * 'Controlled copy (PDF)' (docs/api.md, "Controlled copy"): the revision's PDF stamped with its
 * state, the downloader and its signatures. Only for a PDF controlled file; the API client's toast
 * says why when the server refuses.
 */
export function ControlledCopyButton({ organizationId, documentId, revision, file }: DocumentFileRef) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const handOver = useExportAnswer();
  if (!/\.pdf$/i.test(file.fileName)) return null;
  const download = async () => {
    setBusy(true);
    try {
      handOver(
        await api.download(endpoints.documentRecords.controlledCopy, {
          params: { documentId },
          query: { organizationId, revision },
        }),
      );
    } catch {
      // The API client has shown the reason.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<SafetyCertificateOutlined />} loading={busy} onClick={() => void download()}>
      {t('documents.controlledCopy')}
    </Button>
  );
}
