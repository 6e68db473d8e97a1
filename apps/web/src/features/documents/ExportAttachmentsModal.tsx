import { documentExportEndpoints, type DocumentStatus } from '@qualis/contract';
import { Checkbox, Empty, Modal, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api';
import { useExportAnswer } from '../../components/ExportMenu';
import { useEntries } from '../settings/settings.api';
import { DOCUMENT_TYPE_TOOLTIP_LENGTH } from './document-paths';

export interface ExportAttachmentsModalProps {
  organizationId: string;
  /** The list's status filter: none leaves the withdrawn documents out, as the list does. */
  statuses: DocumentStatus[];
  open: boolean;
  onClose: () => void;
}

/**
 * 'Export Attachments' (spec 03 section 7): the files of the documents of the chosen types (and
 * the list's statuses), as one archive: of their effective revisions, and on request of their
 * pending ones. Export stays disabled until a type is chosen.
 */
export function ExportAttachmentsModal({ organizationId, statuses, open, onClose }: ExportAttachmentsModalProps) {
  const { t } = useTranslation();
  const types = useEntries(organizationId, 'document-types');
  const [chosen, setChosen] = useState<string[]>([]);
  const [includePending, setIncludePending] = useState(false);
  const [busy, setBusy] = useState(false);
  const handOver = useExportAnswer();
  const all = (types.data ?? []).map((type) => type.id);
  const close = () => {
    setChosen([]);
    setIncludePending(false);
    onClose();
  };

  const exportChosen = async () => {
    setBusy(true);
    try {
      handOver(
        await api.download(documentExportEndpoints.exportAttachments, {
          query: { organizationId, docTypeIds: chosen, statuses, ...(includePending ? { includePending: true } : {}) },
        }),
      );
      close();
    } catch {
      // The API client has shown the reason.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('documents.exportAttachments')}
      okText={t('table.export')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: chosen.length === 0, loading: busy }}
      onOk={() => void exportChosen()}
      onCancel={close}
      destroyOnHidden
    >
      {all.length === 0 && !types.isLoading ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('documents.noTypes')} />
      ) : (
        <Space orientation="vertical" size={8} style={{ width: '100%' }}>
          <Checkbox
            checked={all.length > 0 && chosen.length === all.length}
            indeterminate={chosen.length > 0 && chosen.length < all.length}
            onChange={(event) => setChosen(event.target.checked ? all : [])}
          >
            {t('table.selectAll')}
          </Checkbox>
          <Checkbox.Group
            value={chosen}
            onChange={(values) => setChosen(values.map(String))}
            aria-label={t('documents.fields.type')}
            style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
            options={(types.data ?? []).map((type) => ({
              value: type.id,
              label:
                type.name.length > DOCUMENT_TYPE_TOOLTIP_LENGTH ? (
                  <Tooltip title={type.name}>
                    <span className="qualis-signature">{type.name}</span>
                  </Tooltip>
                ) : (
                  type.name
                ),
            }))}
          />
          <Checkbox checked={includePending} onChange={(event) => setIncludePending(event.target.checked)}>
            {t('documents.includePending')}
          </Checkbox>
        </Space>
      )}
    </Modal>
  );
}
