import { DownloadOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import type { QueryValue } from '../../app/api-client';
import { saveFile } from '../../app/save-file';

export interface PeopleExportMenuProps {
  path: string;
  /** The list's own parameters (organization, search, sort). */
  query: Record<string, QueryValue>;
  selectedKeys: string[];
  columns: string[];
}

/** 'Export' → 'CSV file': the visible columns, the search, the sort and the checked rows. */
export function PeopleExportMenu({ path, query, selectedKeys, columns }: PeopleExportMenuProps) {
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
      // The API client has shown why (e.g. 'No records to export').
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{ items: [{ key: 'csv', label: t('people.export.csv'), onClick: () => void exportCsv() }] }}
    >
      <Button icon={<DownloadOutlined />} loading={busy}>
        {t('people.export.button')}
      </Button>
    </Dropdown>
  );
}
