import { Modal, Select, Steps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGroupUserOptions, type GroupUserToAdd } from './user-groups.api';

export interface AddGroupUsersModalProps {
  organizationId: string;
  groupId: string;
  /** The group has trainings: a second step '02 Training Record(s)' chooses which to assign. */
  assignedToTrainings: boolean;
  adding: boolean;
  onCancel: () => void;
  onAdd: (users: GroupUserToAdd[]) => void;
}

const LOOKUP_DEBOUNCE_MS = 300;

/**
 * 'Add user(s)' to a group (spec 02 section 4). Without trainings it is one step: choose people,
 * 'Add' (disabled with nothing chosen). With trainings it becomes the two-step wizard; the second
 * step, choosing the group's trainings per person, plugs in when training records exist.
 */
export function AddGroupUsersModal(props: AddGroupUsersModalProps) {
  const { organizationId, groupId, assignedToTrainings, adding, onCancel, onAdd } = props;
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string[]>([]);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [step, setStep] = useState(0);
  const options = useGroupUserOptions(organizationId, groupId, search, true);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), LOOKUP_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const users = chosen.map((userId) => ({ userId, trainingIds: [] }));
  const wizard = assignedToTrainings;
  const lastStep = !wizard || step === 1;

  return (
    <Modal
      open
      title={t('groups.addUsersTitle')}
      okText={lastStep ? t('groups.add') : t('groups.next')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: chosen.length === 0, loading: adding }}
      onCancel={onCancel}
      onOk={() => (lastStep ? onAdd(users) : setStep(1))}
      destroyOnHidden
    >
      {wizard && (
        <Steps
          size="small"
          current={step}
          items={[{ title: t('groups.stepUsers') }, { title: t('groups.stepTrainings') }]}
          style={{ marginBottom: 16 }}
        />
      )}
      {step === 0 && (
        <Select
          mode="multiple"
          style={{ width: '100%' }}
          placeholder={t('groups.chooseUsers')}
          aria-label={t('groups.chooseUsers')}
          value={chosen}
          onChange={setChosen}
          loading={options.isFetching}
          showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
          notFoundContent={options.isFetching ? null : t('groups.noUsersToAdd')}
          options={(options.data ?? []).map((u) => ({
            value: u.id,
            label: `${[u.firstName, u.lastName].filter(Boolean).join(' ') || u.email} (${u.email})`,
          }))}
        />
      )}
    </Modal>
  );
}
