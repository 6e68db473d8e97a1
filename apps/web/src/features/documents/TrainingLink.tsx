import { LinkOutlined, PlusOutlined } from '@ant-design/icons';
import { endpoints, type TrainingOption } from '@qualis/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Form, Modal, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../shared/api';
import { useAccessFlags } from '../access/access.api';
import { useSessionUser } from '../session/useSession';

const SEARCH_DEBOUNCE_MS = 300;

/** What the training create screen receives from a document (spec 03 section 2). */
export interface TrainingFromDocumentState {
  documentInfo: { isEdit: boolean };
  document: { id: string; revision: number };
}

/** Opens the training create screen carrying the document and revision ('Create & Link Training'). */
export function useCreateLinkedTraining(organizationId: string) {
  const navigate = useNavigate();
  return (document: { id: string; revision: number }, isEdit: boolean) => {
    const state: TrainingFromDocumentState = { documentInfo: { isEdit }, document };
    void navigate(`/organizations/${organizationId}/training-records/create`, { state });
  };
}

/** Whether the person may create a training record here (Admins always; Users with canAddTrainingRecords). */
export function useMayCreateTraining(organizationId: string) {
  const user = useSessionUser();
  const { flags } = useAccessFlags(organizationId);
  return user.role !== 'User' || flags.canAddTrainingRecords;
}

/**
 * 'Link Training' and 'Create & Link Training' of a revision that requires training (spec 03
 * section 4): choose an existing record, or create one that comes back linked. Once a training is
 * linked, only another existing one may be chosen instead (the server refuses a second creation).
 */
export function TrainingLinkButtons({
  organizationId,
  document,
  linked,
  linking,
  onLink,
}: {
  organizationId: string;
  document: { id: string; revision: number };
  linked: boolean;
  linking: boolean;
  onLink: (trainingRecordId: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const createLinked = useCreateLinkedTraining(organizationId);
  const mayCreate = useMayCreateTraining(organizationId);
  const [open, setOpen] = useState(false);
  return (
    <Space wrap>
      <Button icon={<LinkOutlined />} onClick={() => setOpen(true)}>
        {t('documents.linkTraining')}
      </Button>
      {mayCreate && !linked && (
        <Button icon={<PlusOutlined />} onClick={() => createLinked(document, true)}>
          {t('documents.createLinkTraining')}
        </Button>
      )}
      {open && (
        <LinkTrainingModal
          organizationId={organizationId}
          linking={linking}
          onClose={() => setOpen(false)}
          onLink={(id) => onLink(id).then(() => setOpen(false))}
        />
      )}
    </Space>
  );
}

/** The 'Link Training' dialog: a lookup of the organization's training records (20 at most). */
function LinkTrainingModal({
  organizationId,
  linking,
  onClose,
  onLink,
}: {
  organizationId: string;
  linking: boolean;
  onClose: () => void;
  onLink: (trainingRecordId: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [includeUsed, setIncludeUsed] = useState(false);
  const [chosen, setChosen] = useState<string>();
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const options = useQuery({
    queryKey: ['training-options', organizationId, search, includeUsed],
    queryFn: ({ signal }) =>
      api.call(endpoints.trainingRecords.options, {
        query: { organizationId, search, includeUsed: includeUsed ? 'true' : 'false' },
        signal,
      }),
    select: (answer) => answer.data,
  });
  const label = (o: TrainingOption) => `#${o.number} ${o.name}${o.used ? ` (${t('documents.trainingUsed')})` : ''}`;
  return (
    <Modal
      open
      title={t('documents.linkTraining')}
      okText={t('documents.linkTrainingOk')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !chosen, loading: linking }}
      onCancel={onClose}
      onOk={() => void (chosen && onLink(chosen))}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('documents.fields.trainingRecord')} htmlFor="link-training-select">
          <Select
            id="link-training-select"
            value={chosen}
            onChange={setChosen}
            placeholder={t('documents.chooseTraining')}
            loading={options.isFetching}
            showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
            notFoundContent={options.isFetching ? null : t('documents.noTrainingsFound')}
            options={(options.data ?? []).map((o) => ({ value: o.id, label: label(o) }))}
          />
        </Form.Item>
        <Checkbox checked={includeUsed} onChange={(e) => setIncludeUsed(e.target.checked)}>
          {t('documents.includeUsedTrainings')}
        </Checkbox>
      </Form>
    </Modal>
  );
}
