import { LinkOutlined } from '@ant-design/icons';
import { endpoints } from '@qualis/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api';
import { useAccessFlags } from '../access/access.api';

/** The kinds of record a link can lead to (spec 03 section 2, "Links to records"). */
export type RecordKind = 'tasks' | 'documents' | 'training-records' | 'human-resources';

interface RecordOption {
  id: string;
  label: string;
}

/** How each kind is looked up. */
const LOOKUPS: Record<
  RecordKind,
  (organizationId: string, search: string, signal: AbortSignal) => Promise<RecordOption[]>
> = {
  documents: async (organizationId, search, signal) => {
    const answer = await api.call(endpoints.documents.options, { query: { organizationId, search }, signal });
    return answer.data.map((d) => ({ id: d.id, label: `#${d.number} ${d.name}` }));
  },
  tasks: async (organizationId, search, signal) => {
    const answer = await api.call(endpoints.actions.options, { query: { organizationId, search }, signal });
    return answer.data.map((a) => ({ id: a.id, label: `#${a.number} ${a.name}` }));
  },
  'training-records': async (organizationId, search, signal) => {
    const answer = await api.call(endpoints.trainingRecords.options, {
      query: { organizationId, search, includeUsed: 'true' },
      signal,
    });
    return answer.data.map((r) => ({ id: r.id, label: `#${r.number} ${r.name}` }));
  },
  'human-resources': async (organizationId, search, signal) => {
    const answer = await api.call(endpoints.hrRecords.options, { query: { organizationId, search }, signal });
    return answer.data.map((r) => ({ id: r.id, label: r.name }));
  },
};

/**
 * The kinds of record this person may open and link to (spec 03 section 6), as the server's flags
 * say: they already answer for the role and the membership's restriction (client, HR-limited).
 */
export function useViewableKinds(organizationId: string): Record<RecordKind, boolean> {
  const { flags } = useAccessFlags(organizationId);
  return {
    documents: flags.canViewDocuments,
    tasks: flags.canViewTasks,
    'training-records': flags.canViewTrainingRecords,
    'human-resources': flags.canViewHrRecords,
  };
}

/** The kinds offered in the picker: those the person may view. */
function useOfferedKinds(organizationId: string): RecordKind[] {
  const allowed = useViewableKinds(organizationId);
  return (Object.keys(allowed) as RecordKind[]).filter((kind) => allowed[kind]);
}

const SEARCH_DEBOUNCE_MS = 300;

/** A chosen record: its path in the app, a description for the link, and what it is. */
export interface PickedRecord {
  path: string;
  description: string;
  kind: RecordKind;
  id: string;
}

/**
 * 'Link to a record': choose a record of this organization (at most 20 options per search) and
 * get its path and a description for the link fields.
 */
export function RecordLinkPicker({
  organizationId,
  onPick,
}: {
  organizationId: string;
  onPick: (link: PickedRecord) => void;
}) {
  const { t } = useTranslation();
  const kinds = useOfferedKinds(organizationId);
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<RecordKind | undefined>(kinds[0]);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<RecordOption>();
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const options = useQuery({
    queryKey: ['record-link-options', organizationId, kind, search],
    queryFn: ({ signal }) => LOOKUPS[kind!](organizationId, search, signal),
    enabled: open && kind !== undefined,
  });

  if (kinds.length === 0) return null;
  const close = () => {
    setOpen(false);
    setChosen(undefined);
    setTyped('');
  };
  return (
    <>
      <Button icon={<LinkOutlined />} onClick={() => setOpen(true)}>
        {t('recordLink.open')}
      </Button>
      <Modal
        open={open}
        title={t('recordLink.title')}
        okText={t('recordLink.use')}
        cancelText={t('common.cancel')}
        okButtonProps={{ disabled: !chosen }}
        onCancel={close}
        onOk={() => {
          if (!chosen || !kind) return;
          onPick({
            path: `/organizations/${organizationId}/${kind}/${chosen.id}`,
            description: chosen.label,
            kind,
            id: chosen.id,
          });
          close();
        }}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label={t('recordLink.kind')}>
            <Select
              value={kind}
              onChange={(value) => {
                setKind(value);
                setChosen(undefined);
              }}
              options={kinds.map((k) => ({ value: k, label: t(`recordLink.kinds.${k}`) }))}
            />
          </Form.Item>
          <Form.Item label={t('recordLink.record')}>
            <Select
              showSearch={{ filterOption: false, onSearch: setTyped }}
              placeholder={t('recordLink.search')}
              loading={options.isFetching}
              value={chosen?.id}
              onChange={(id) => setChosen(options.data?.find((o) => o.id === id))}
              notFoundContent={options.isFetching ? null : t('recordLink.none')}
              options={(options.data ?? []).map((o) => ({ value: o.id, label: o.label }))}
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
