import { DownloadOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryValue } from '../../app/api-client';
import { saveFile } from '../../app/save-file';
import { downloadOrganizationsCsv } from './organizations.api';
import type { SuccessToast } from './useOrganizationToast';

export interface OrganizationsExportMenuProps {
  /** The list's search and sort. */
  query: Record<string, QueryValue>;
  selectedKeys: string[];
  /** Visible columns, in display order. */
  columns: string[];
  onToggleLogs: () => void;
  onSuccess: SuccessToast;
}

/** 'Export' → 'CSV file' (checked rows, visible columns, search, sort) or 'Logs' (the panel). */
export function OrganizationsExportMenu(props: OrganizationsExportMenuProps) {
  const { query, selectedKeys, columns, onToggleLogs, onSuccess } = props;
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const exportCsv = async () => {
    setBusy(true);
    try {
      const { blob, fileName } = await downloadOrganizationsCsv({
        ...query,
        selectedIds: selectedKeys,
        columns: columns.filter((c) => c !== 'options'),
      });
      saveFile(blob, fileName);
      onSuccess(undefined, t('organizations.export.downloaded'));
    } catch {
      // The API client has shown why (e.g. 'No records to export').
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'csv', label: t('organizations.export.csv'), onClick: () => void exportCsv() },
          // A toggle: the panel opens or closes (closing forgets its choice).
          { key: 'logs', label: t('organizations.export.logs'), onClick: onToggleLogs },
        ],
      }}
    >
      <Button icon={<DownloadOutlined />} loading={busy}>
        {t('organizations.export.button')}
      </Button>
    </Dropdown>
  );
}
