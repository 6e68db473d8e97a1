import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../shared/save-file';
import { PageSpinner } from '../../components/PageSpinner';
import { useNarrow } from '../../components/useNarrow';
import { fetchDocumentFile } from './documents.api';

/** The files the browser shows itself, by extension (the server checked the type at upload). */
const PREVIEW_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** The media type a file is shown as, or null when it cannot be previewed. */
export function previewType(fileName: string): string | null {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  return (extension && PREVIEW_TYPES[extension]) || null;
}

type Loaded = { url: string; blob: Blob; fileName: string; changed: boolean };

export interface DocumentPreviewProps {
  organizationId: string;
  documentId: string;
  revision: number;
  file: { id: string; fileName: string };
}

/**
 * Preview of a controlled file (PDF or image) in a large modal, full screen on phones: the bytes
 * are fetched with the person's session (as a download), made a blob URL of the file's type and
 * shown in an iframe (the browser's PDF viewer; the CSP allows `frame-src blob:` for this alone)
 * or an img. The blob URL is revoked when the modal closes. Phones, which often cannot show a PDF
 * inline, get a note and a download button instead (docs/decisions/0019-document-preview.md). A
 * file whose bytes the server found changed since it was stored shows a warning above it.
 */
export function DocumentPreview({ organizationId, documentId, revision, file }: DocumentPreviewProps) {
  const { t } = useTranslation();
  const narrow = useNarrow();
  const type = previewType(file.fileName);
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!open) return;
    let current: Loaded | null = null;
    let cancelled = false;
    fetchDocumentFile(organizationId, documentId, file.id, revision).then(
      ({ blob, fileName, changed }) => {
        if (cancelled || !type) return;
        // The blob of the file's type, whatever the download's header said: the viewer needs it.
        const typed = new Blob([blob], { type });
        current = { url: URL.createObjectURL(typed), blob: typed, fileName, changed };
        setLoaded(current);
      },
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
      if (current) URL.revokeObjectURL(current.url);
      setLoaded(null);
    };
  }, [open, organizationId, documentId, file.id, revision, type]);

  if (!type) return null;
  const pdf = type === 'application/pdf';
  const title = t('documents.previewTitle', { name: file.fileName });

  let body;
  if (failed) body = <Alert type="warning" showIcon title={t('documents.previewFailed')} />;
  else if (!loaded) body = <PageSpinner />;
  else if (pdf && narrow)
    body = (
      <Space orientation="vertical">
        <Typography.Paragraph>{t('documents.previewNarrow')}</Typography.Paragraph>
        <Button type="primary" icon={<DownloadOutlined />} onClick={() => saveFile(loaded.blob, loaded.fileName)}>
          {t('documents.previewDownload')}
        </Button>
      </Space>
    );
  else if (pdf) body = <iframe className="qualis-preview-frame" src={loaded.url} title={title} />;
  else body = <img className="qualis-preview-image" src={loaded.url} alt={file.fileName} />;

  return (
    <>
      <Button
        size="small"
        icon={<EyeOutlined />}
        onClick={() => {
          setFailed(false);
          setOpen(true);
        }}
      >
        {t('documents.preview')}
      </Button>
      <Modal
        open={open}
        title={title}
        footer={null}
        destroyOnHidden
        centered={!narrow}
        width={narrow ? '100vw' : 'min(1200px, 94vw)'}
        className={narrow ? 'qualis-modal-fullscreen' : undefined}
        onCancel={() => setOpen(false)}
      >
        {loaded?.changed && <Alert type="warning" showIcon className="qualis-form-note" title={t('files.changed')} />}
        {body}
      </Modal>
    </>
  );
}
