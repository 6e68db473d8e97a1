import type { GroupUser } from '@qualis/contract';
import { Checkbox, Modal, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fullName } from '../people/row-actions';
import { useGroupUserTrainings } from './user-groups.api';

export interface RemoveGroupUserModalProps {
  organizationId: string;
  groupId: string;
  user: GroupUser;
  removing: boolean;
  onCancel: () => void;
  /** `trainingIds`: the group's not-yet-passed trainings to unassign. */
  onRemove: (trainingIds: string[]) => void;
}

/**
 * Removing a person from a group (spec 02 section 4): 'I acknowledge' must be ticked. When the
 * person has trainings through the group, the ones not passed yet may be chosen to unassign (none
 * is chosen at first: unassigning is the deliberate act); passed ones are listed, not choosable,
 * as a pass is evidence that stays.
 */
export function RemoveGroupUserModal(props: RemoveGroupUserModalProps) {
  const { organizationId, groupId, user, removing, onCancel, onRemove } = props;
  const { t } = useTranslation();
  const [acknowledged, setAcknowledged] = useState(false);
  const [unassign, setUnassign] = useState<string[]>([]);
  const trainings = useGroupUserTrainings(organizationId, groupId, user.id);
  const name = fullName(user);
  const list = trainings.data ?? [];

  return (
    <Modal
      open
      title={t('groups.removeUserTitle')}
      okText={t('groups.remove')}
      okButtonProps={{ danger: true, disabled: !acknowledged || trainings.isPending, loading: removing }}
      cancelText={t('common.cancel')}
      onCancel={onCancel}
      onOk={() => onRemove(unassign)}
    >
      <Typography.Paragraph>{t('groups.removeUserText', { name })}</Typography.Paragraph>
      {trainings.isPending ? (
        <Spin />
      ) : (
        list.length > 0 && (
          <fieldset className="qualis-group-trainings">
            <legend>{t('groups.unassignTrainings', { name })}</legend>
            <Checkbox.Group className="qualis-group-trainings__options" value={unassign} onChange={setUnassign}>
              {list.map((training) => (
                <Checkbox key={training.id} value={training.id} disabled={training.passed}>
                  {t('groups.trainingName', { number: training.number, name: training.name })}{' '}
                  {training.passed && <Tag color="success">{t('groups.trainingPassed')}</Tag>}
                </Checkbox>
              ))}
            </Checkbox.Group>
          </fieldset>
        )
      )}
      <Checkbox checked={acknowledged} onChange={(event) => setAcknowledged(event.target.checked)}>
        {t('groups.acknowledge')}
      </Checkbox>
    </Modal>
  );
}
