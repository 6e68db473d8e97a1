import { PaperClipOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoredFileDownload } from '../shared/api-client';
import { notify } from '../shared/bridges';
import { saveFile } from '../shared/save-file';

/**
 * A stored file (a document's, a training's, a CV) as a link-styled button that downloads it. A
 * failed download shows nothing (spec 03 section 8); a file whose bytes the server found changed
 * since it was stored is saved with a warning (21 CFR 11.70: its signatures no longer match).
 */
export function FileDownloadButton({
  fileName,
  fetchFile,
  children,
}: {
  fileName: string;
  fetchFile: () => Promise<StoredFileDownload>;
  /** Shown after the name, e.g. the file's size. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const file = await fetchFile();
      saveFile(file.blob, file.fileName);
      if (file.changed) notify(t('files.changed'), 'warning');
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
      aria-label={t('files.download', { name: fileName })}
      onClick={() => void download()}
    >
      <span className="qualis-cell-text">{fileName}</span>
      {children}
    </Button>
  );
}
