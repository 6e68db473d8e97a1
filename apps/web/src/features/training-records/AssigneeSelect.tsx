import type { ActionPerson } from '@qualis/contract';
import { LOOKUP_LIMIT } from '@qualis/contract';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMemberOptions } from '../actions/actions.api';
import { fullName } from '../people/row-actions';
import { useAssigneeGroups } from './training-records.api';
import { combineOptions, groupToken, personToken, tokenOf } from './training-form';

const LOOKUP_DEBOUNCE_MS = 300;

export interface AssigneeGroup {
  id: string;
  name: string;
  userCount: number;
}

export interface AssigneeSelectProps {
  organizationId: string;
  /** The people and groups already chosen (a training's), so their names show before any search. */
  knownPeople: readonly ActionPerson[];
  knownGroups: readonly AssigneeGroup[];
  id?: string;
  /** `user:<id>` and `group:<id>` values (training-form.ts). */
  value?: string[];
  onChange?: (value: string[]) => void;
}

/**
 * A training's assignees: people of the organization and user groups with members, looked up
 * together by the typed text (at most 20 options in all, spec 03 section 5).
 */
export function AssigneeSelect({
  organizationId,
  knownPeople,
  knownGroups,
  id,
  value = [],
  onChange,
}: AssigneeSelectProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const people = useMemberOptions(organizationId, search, open);
  const groups = useAssigneeGroups(organizationId, search, LOOKUP_LIMIT, open);
  const [pickedPeople, setPickedPeople] = useState<ActionPerson[]>([]);
  const [pickedGroups, setPickedGroups] = useState<AssigneeGroup[]>([]);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), LOOKUP_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const found = combineOptions(people.data ?? [], groups.data ?? []);
  // The chosen ones stay labelled when a search no longer returns them.
  const chosen = value.map(tokenOf);
  const chosenPeople = chosen.flatMap(
    (c) => (c.kind === 'user' && [...pickedPeople, ...knownPeople].find((p) => p.id === c.id)) || [],
  );
  const chosenGroups = chosen.flatMap(
    (c) => (c.kind === 'group' && [...pickedGroups, ...knownGroups].find((g) => g.id === c.id)) || [],
  );
  const peopleShown = [...chosenPeople.filter((c) => !found.people.some((p) => p.id === c.id)), ...found.people];
  const groupsShown = [...chosenGroups.filter((c) => !found.groups.some((g) => g.id === c.id)), ...found.groups];
  const fetching = people.isFetching || groups.isFetching;

  return (
    <Select
      id={id}
      mode="multiple"
      value={value}
      onChange={(next: string[]) => {
        setPickedPeople((list) => [...list, ...found.people.filter((p) => next.includes(personToken(p.id)))]);
        setPickedGroups((list) => [...list, ...found.groups.filter((g) => next.includes(groupToken(g.id)))]);
        onChange?.(next);
      }}
      onOpenChange={setOpen}
      placeholder={t('trainings.chooseAssignees')}
      loading={fetching}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      notFoundContent={fetching ? null : t('trainings.noAssigneeOptions')}
      options={[
        peopleShown.length > 0 && {
          label: t('trainings.people'),
          title: t('trainings.people'),
          options: peopleShown.map((p) => ({ value: personToken(p.id), label: `${fullName(p)} (${p.email})` })),
        },
        groupsShown.length > 0 && {
          label: t('trainings.userGroups'),
          title: t('trainings.userGroups'),
          options: groupsShown.map((g) => ({
            value: groupToken(g.id),
            label: t('trainings.groupOption', { name: g.name, count: g.userCount }),
          })),
        },
      ].filter((group) => group !== false)}
    />
  );
}
