import { DownloadOutlined } from '@ant-design/icons';
import type { Endpoint, EndpointQuery, ZFileResponse } from '@qualis/contract';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../app/api';
import type { CallInput } from '../app/api-client';
import { saveFile } from '../app/save-file';

type ExportEndpoint = Endpoint & { response: typeof ZFileResponse; query: object };

export interface ExportCsvMenuProps<E extends ExportEndpoint> {
  /** The list's export endpoint of the contract. */
  endpoint: E;
  /** The list's own parameters (organization, search, sort); the checked rows and columns are added. */
  query: Omit<EndpointQuery<E>, 'selectedIds' | 'columns'>;
  selectedKeys: string[];
  columns: string[];
  /** More entries after 'CSV file' (the organizations' 'Logs'). */
  extraItems?: NonNullable<MenuProps['items']>;
  /** After the file is saved (a success toast). */
  onDownloaded?: () => void;
}

/** The 'Export' menu of a list with its 'CSV file' entry: visible columns, search, sort and checked rows. */
export function ExportCsvMenu<E extends ExportEndpoint>(props: ExportCsvMenuProps<E>) {
  const { endpoint, query, selectedKeys, columns, extraItems = [], onDownloaded } = props;
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const exportCsv = async () => {
    setBusy(true);
    try {
      const input = {
        query: { ...query, columns: columns.filter((c) => c !== 'options'), selectedIds: selectedKeys },
      } as CallInput<E>;
      const { blob, fileName } = await api.download(endpoint, input);
      saveFile(blob, fileName);
      onDownloaded?.();
    } catch {
      // The API client has shown the reason (e.g. 'No records to export').
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dropdown
      autoFocus
      trigger={['click']}
      menu={{ items: [{ key: 'csv', label: t('table.csvFile'), onClick: () => void exportCsv() }, ...extraItems] }}
    >
      <Button icon={<DownloadOutlined />} loading={busy}>
        {t('table.export')}
      </Button>
    </Dropdown>
  );
}
