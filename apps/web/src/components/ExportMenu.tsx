import { DownloadOutlined } from '@ant-design/icons';
import type { Endpoint, EndpointQuery, ZFileResponse } from '@qualis/contract';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../shared/api';
import type { CallInput, DownloadAnswer } from '../shared/api-client';
import { saveFile } from '../shared/save-file';
import { useSuccessToast } from './useSuccessToast';

type ExportEndpoint = Endpoint & { response: typeof ZFileResponse; query: object };
/** Another export of the same list: its own path, the same parameters. */
type SameQuery<E extends ExportEndpoint> = ExportEndpoint & Pick<E, 'query'>;

export interface ExportMenuProps<E extends ExportEndpoint> {
  /** The list's CSV export endpoint of the contract. */
  endpoint: E;
  /**
   * The list's PDF exports, taking the same parameters: 'Single PDF' (one file, one record after
   * another) and 'PDF archive' (a ZIP with one PDF per record).
   */
  pdf?: { single: SameQuery<E>; archive: SameQuery<E> };
  /** The list's own parameters (organization, search, sort); the checked rows and columns are added. */
  query: Omit<EndpointQuery<E>, 'selectedIds' | 'columns'>;
  selectedKeys: string[];
  columns: string[];
  /** More entries after 'CSV file' (the organizations' 'Logs'). */
  extraItems?: NonNullable<MenuProps['items']>;
  /** After the file is saved (a success toast). */
  onDownloaded?: () => void;
}

/**
 * What an export answered, handed to the person: the file saved, or the server's message shown
 * when a large export is made in the background and e-mailed. Answers whether a file was saved.
 */
export function useExportAnswer() {
  const { t } = useTranslation();
  const { success } = useSuccessToast();
  return (answer: DownloadAnswer): boolean => {
    if ('message' in answer) {
      success(answer.message, t('table.reportQueued'));
      return false;
    }
    saveFile(answer.blob, answer.fileName);
    return true;
  };
}

/**
 * The 'Export' menu of a list (spec 03): 'CSV file', and 'Single PDF' and 'PDF archive' where the
 * list has them, each with the visible columns, search, sort and checked rows (none: every row
 * matching the search).
 */
export function ExportMenu<E extends ExportEndpoint>(props: ExportMenuProps<E>) {
  const { endpoint, pdf, query, selectedKeys, columns, extraItems = [], onDownloaded } = props;
  const { t } = useTranslation();
  const handOver = useExportAnswer();
  const [busy, setBusy] = useState(false);

  const download = async (chosen: SameQuery<E>) => {
    setBusy(true);
    try {
      const input = {
        query: { ...query, columns: columns.filter((c) => c !== 'options'), selectedIds: selectedKeys },
      } as CallInput<SameQuery<E>>;
      if (handOver(await api.download(chosen, input))) onDownloaded?.();
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
      menu={{
        items: [
          { key: 'csv', label: t('table.csvFile'), onClick: () => void download(endpoint) },
          ...(pdf
            ? [
                { key: 'pdf-archive', label: t('table.pdfArchive'), onClick: () => void download(pdf.archive) },
                { key: 'single-pdf', label: t('table.singlePdf'), onClick: () => void download(pdf.single) },
              ]
            : []),
          ...extraItems,
        ],
      }}
    >
      <Button icon={<DownloadOutlined />} loading={busy}>
        {t('table.export')}
      </Button>
    </Dropdown>
  );
}
