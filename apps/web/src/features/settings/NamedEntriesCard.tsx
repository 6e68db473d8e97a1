import { ZCreateNamedEntryRequest } from '@qualis/contract';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, List, Popconfirm, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NameModal } from '../../components/NameModal';
import { useCreateEntry, useDeleteEntry, useEntries, type EntryKind } from './settings.api';

/** Spec 02 section 9: a document type name longer than this shows in a tooltip. */
export const ENTRY_TOOLTIP_LENGTH = 40;

export interface NamedEntriesCardProps {
  organizationId: string;
  kind: EntryKind;
  onSuccess: (serverText: string | undefined, fallback: string) => void;
}

/** 'Document Types' or 'Tags': the list (by name), a create dialog and delete with confirmation. */
export function NamedEntriesCard({ organizationId, kind, onSuccess }: NamedEntriesCardProps) {
  const { t } = useTranslation();
  const prefix = kind === 'document-types' ? 'settings.documentTypes' : 'settings.tags';
  const entries = useEntries(organizationId, kind);
  const create = useCreateEntry(organizationId, kind);
  const remove = useDeleteEntry(organizationId, kind);
  const [creating, setCreating] = useState(false);
  const rows = [...(entries.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));

  return (
    <Card
      title={t(`${prefix}.title`)}
      extra={
        <Button icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {t(`${prefix}.create`)}
        </Button>
      }
    >
      <List
        size="small"
        loading={entries.isPending}
        dataSource={rows}
        locale={{ emptyText: t(`${prefix}.empty`) }}
        renderItem={(entry) => (
          <List.Item
            actions={[
              <Popconfirm
                key="delete"
                title={t(`${prefix}.deleteConfirm`, { name: entry.name })}
                okText={t('settings.delete')}
                cancelText={t('common.cancel')}
                okButtonProps={{ danger: true, loading: remove.isPending }}
                onConfirm={() =>
                  remove
                    .mutateAsync(entry.id)
                    .then((answer) => onSuccess(answer.message, t(`${prefix}.deleted`)))
                    .catch(() => undefined)
                }
              >
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`${t('settings.delete')}: ${entry.name}`}
                />
              </Popconfirm>,
            ]}
          >
            {entry.name.length > ENTRY_TOOLTIP_LENGTH ? (
              <Tooltip title={entry.name}>
                <Typography.Text ellipsis className="qualis-settings-entry">
                  {entry.name}
                </Typography.Text>
              </Tooltip>
            ) : (
              <Typography.Text className="qualis-settings-entry">{entry.name}</Typography.Text>
            )}
          </List.Item>
        )}
      />
      <NameModal
        open={creating}
        title={t(`${prefix}.createTitle`)}
        okText={t(`${prefix}.createButton`)}
        label={t('settings.name')}
        schema={ZCreateNamedEntryRequest}
        saving={create.isPending}
        onCancel={() => setCreating(false)}
        onSubmit={(name) =>
          create.mutateAsync(name).then((answer) => {
            onSuccess(answer.message, t(`${prefix}.created`));
            setCreating(false);
          })
        }
      />
    </Card>
  );
}
