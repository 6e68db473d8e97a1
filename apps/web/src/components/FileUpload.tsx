import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { endpoints, FILE_MAX_BYTES } from '@qualis/contract';
import { Button, Space, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../shared/api';
import { notify } from '../shared/bridges';
import { useMessageText } from './zod-form';

/** Spec 03's file object: what a record keeps of an uploaded file. */
export interface StoredFile {
  id: string;
  fileName: string;
  fileSize: number;
}

/** Uploads one file into the organization (POST /upload/file, one call per file). */
export async function uploadOrganizationFile(organizationId: string, file: File): Promise<StoredFile> {
  const form = new FormData();
  form.append('file', file);
  const answer = await api.call(endpoints.uploads.file, { query: { organizationId }, body: form });
  return { id: answer.data.id, fileName: answer.data.fileName, fileSize: answer.data.fileSize };
}

/** 1.2 MB, 340 KB: a file's size as people read it. */
export function fileSizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export interface FileUploadProps {
  organizationId: string;
  /** Several files (extra files) or one (a controlled file, replaced by the next upload). */
  multiple?: boolean;
  /** The files already chosen (the form's initial values), so their names show. */
  known: readonly StoredFile[];
  /** The chosen file ids: one id, or a list with `multiple`. */
  value?: string | string[];
  onChange?: (value: string | string[] | undefined) => void;
  id?: string;
}

/**
 * A form field of uploaded files: each chosen file is checked (30 MB, spec 03 section 9) and
 * uploaded at once; the server's refusal shows in a toast (the API client's). The field's value
 * is the files' ids.
 */
export function FileUpload({ organizationId, multiple = false, known, value, onChange, id }: FileUploadProps) {
  const { t } = useTranslation();
  const text = useMessageText();
  const [uploaded, setUploaded] = useState<StoredFile[]>([]);
  const [busy, setBusy] = useState(0);
  const ids = value === undefined ? [] : Array.isArray(value) ? value : [value];
  const byId = new Map([...known, ...uploaded].map((f) => [f.id, f]));
  const files = ids.flatMap((fileId) => byId.get(fileId) ?? []);

  // The latest ids, for uploads that finish one after another.
  const latest = useRef(ids);
  useEffect(() => {
    latest.current = ids;
  });
  const emit = (next: string[]) => {
    latest.current = next;
    onChange?.(multiple ? next : next[0]);
  };

  const upload = async (file: File) => {
    if (file.size > FILE_MAX_BYTES) {
      notify(text('fileTooLarge'));
      return;
    }
    setBusy((n) => n + 1);
    try {
      const stored = await uploadOrganizationFile(organizationId, file);
      setUploaded((list) => [...list, stored]);
      emit(multiple ? [...latest.current, stored.id] : [stored.id]);
    } catch {
      // The API client has shown the server's message.
    } finally {
      setBusy((n) => n - 1);
    }
  };

  return (
    <Space orientation="vertical" size={4} style={{ width: '100%' }}>
      <Upload
        id={id}
        multiple={multiple}
        showUploadList={false}
        beforeUpload={(file) => {
          void upload(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy > 0}>
          {multiple ? t('files.uploadFiles') : files.length ? t('files.replaceFile') : t('files.uploadFile')}
        </Button>
      </Upload>
      {files.map((f) => (
        <Space key={f.id} size={4} className="qualis-signature">
          <PaperClipOutlined aria-hidden />
          <Typography.Text>{f.fileName}</Typography.Text>
          <Typography.Text type="secondary">({fileSizeText(f.fileSize)})</Typography.Text>
          <Button
            type="text"
            size="small"
            icon={<DeleteOutlined />}
            aria-label={t('files.remove', { name: f.fileName })}
            onClick={() => emit(ids.filter((fileId) => fileId !== f.id))}
          />
        </Space>
      ))}
    </Space>
  );
}
