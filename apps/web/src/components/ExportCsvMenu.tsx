import { DownloadOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../app/api';
import type { QueryValue } from '../app/api-client';
import { saveFile } from '../app/save-file';

export interface ExportCsvMenuProps {
  path: string;
  /** The list's own parameters (organization, search, sort). */
  query: Record<string, QueryValue>;
  selectedKeys: string[];
  columns: string[];
}

/** The 'Export' menu of a list with its 'CSV file' entry: visible columns, search, sort and checked rows. */
export function ExportCsvMenu({ path, query, selectedKeys, columns }: ExportCsvMenuProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const exportCsv = async () => {
    setBusy(true);
    try {
      const { blob, fileName } = await api.download(path, {
        query: { ...query, columns: columns.filter((c) => c !== 'options'), selectedIds: selectedKeys },
      });
      saveFile(blob, fileName);
    } catch {
      // The API client has shown the reason (e.g. 'No records to export').
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{ items: [{ key: 'csv', label: t('table.csvFile'), onClick: () => void exportCsv() }] }}
    >
      <Button icon={<DownloadOutlined />} loading={busy}>
        {t('table.export')}
      </Button>
    </Dropdown>
  );
}
