import { Button, Checkbox, Modal, Select, Spin, Steps, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/dates';
import { fullName } from '../people/row-actions';
import { useGroupTrainings, useGroupUserOptions, type GroupUserToAdd } from './user-groups.api';

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
 * 'Add' (disabled with nothing chosen). With trainings it is a two-step wizard: the second step
 * chooses, per person, which of the group's trainings they get. Every training starts ticked: a
 * person joining a group normally owes what the group was assigned, and leaving one out is the
 * deliberate choice.
 */
export function AddGroupUsersModal(props: AddGroupUsersModalProps) {
  const { organizationId, groupId, assignedToTrainings, adding, onCancel, onAdd } = props;
  const { t, i18n } = useTranslation();
  const [chosen, setChosen] = useState<string[]>([]);
  // The chosen people's names, kept while the options follow another search.
  const [names, setNames] = useState<Record<string, string>>({});
  // The trainings ticked per person; a person not in here has every training ticked.
  const [ticked, setTicked] = useState<Record<string, string[]>>({});
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [step, setStep] = useState(0);
  const wizard = assignedToTrainings;
  const options = useGroupUserOptions(organizationId, groupId, search, true);
  const trainings = useGroupTrainings(organizationId, groupId, wizard);
  const allTrainingIds = (trainings.data ?? []).map((training) => training.id);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), LOOKUP_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const found = (options.data ?? []).map((u) => ({ value: u.id, label: `${fullName(u)} (${u.email})` }));
  const shown = [
    ...found,
    ...chosen.filter((id) => !found.some((o) => o.value === id)).map((id) => ({ value: id, label: names[id] ?? id })),
  ];
  const choose = (ids: string[]) => {
    setChosen(ids);
    setNames((known) => ({ ...known, ...Object.fromEntries(found.map((o) => [o.value, o.label])) }));
  };

  const lastStep = !wizard || step === 1;
  const users: GroupUserToAdd[] = chosen.map((userId) => ({
    userId,
    trainingIds: wizard ? (ticked[userId] ?? allTrainingIds) : [],
  }));

  return (
    <Modal
      open
      title={t('groups.addUsersTitle')}
      okText={lastStep ? t('groups.add') : t('groups.next')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: chosen.length === 0 || (step === 1 && trainings.isPending), loading: adding }}
      onCancel={onCancel}
      onOk={() => (lastStep ? onAdd(users) : setStep(1))}
      footer={(_, { OkBtn, CancelBtn }) => (
        <>
          {step === 1 && <Button onClick={() => setStep(0)}>{t('groups.back')}</Button>}
          <CancelBtn />
          <OkBtn />
        </>
      )}
      destroyOnHidden
    >
      {wizard && (
        <Steps
          size="small"
          current={step}
          items={[{ title: t('groups.stepUsers') }, { title: t('groups.stepTrainings') }]}
          className="qualis-wizard-steps"
        />
      )}
      {step === 0 && (
        <Select
          mode="multiple"
          style={{ width: '100%' }}
          placeholder={t('groups.chooseUsers')}
          aria-label={t('groups.chooseUsers')}
          value={chosen}
          onChange={choose}
          loading={options.isFetching}
          showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
          notFoundContent={options.isFetching ? null : t('groups.noUsersToAdd')}
          options={shown}
        />
      )}
      {step === 1 &&
        (trainings.isPending ? (
          <Spin />
        ) : allTrainingIds.length === 0 ? (
          <Typography.Text type="secondary">{t('groups.noGroupTrainings')}</Typography.Text>
        ) : (
          <>
            <Typography.Paragraph>{t('groups.chooseTrainings')}</Typography.Paragraph>
            {chosen.map((userId) => (
              <fieldset key={userId} className="qualis-group-trainings">
                <legend>{names[userId] ?? userId}</legend>
                <Checkbox.Group
                  className="qualis-group-trainings__options"
                  value={ticked[userId] ?? allTrainingIds}
                  onChange={(ids) => setTicked((all) => ({ ...all, [userId]: ids }))}
                  options={(trainings.data ?? []).map((training) => ({
                    value: training.id,
                    label: t('groups.trainingOption', {
                      number: training.number,
                      name: training.name,
                      dueDate: formatDate(training.dueDate, i18n.language),
                    }),
                  }))}
                />
              </fieldset>
            ))}
          </>
        ))}
    </Modal>
  );
}
