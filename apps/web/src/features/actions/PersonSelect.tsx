import type { ActionPerson } from '@qualis/contract';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fullName } from '../people/row-actions';
import { useMemberOptions } from './actions.api';

const LOOKUP_DEBOUNCE_MS = 300;

export interface PersonSelectProps {
  organizationId: string;
  /** People already chosen (the form's initial values), so their names show before any search. */
  known: readonly ActionPerson[];
  /** Several people (a document's reviewers and approvers): the value is then a list of ids. */
  multiple?: boolean;
  disabled?: boolean;
  /** A cross that empties the choice (a filter): `onChange` then gets '' (several people: []). */
  allowClear?: boolean;
  placeholder?: string;
  id?: string;
  value?: string | string[] | undefined;
  onChange?: (value: string | string[]) => void;
  'aria-label'?: string;
}

const label = (p: ActionPerson) => `${fullName(p)} (${p.email})`;

/** People of the organization, looked up by name or e-mail (at most 20 options, spec 03 section 5). */
export function PersonSelect({
  organizationId,
  known,
  multiple = false,
  disabled,
  allowClear,
  placeholder,
  id,
  value,
  onChange,
  ...rest
}: PersonSelectProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const options = useMemberOptions(organizationId, search, open);
  const [picked, setPicked] = useState<ActionPerson[]>([]);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), LOOKUP_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  // The chosen people stay labelled when a search no longer returns them.
  const found = options.data ?? [];
  const ids = value === undefined ? [] : Array.isArray(value) ? value : [value];
  const chosen = ids.flatMap((personId) => [...picked, ...known].find((p) => p.id === personId) ?? []);
  const people = [...chosen.filter((c) => !found.some((p) => p.id === c.id)), ...found];

  return (
    <Select
      id={id}
      aria-label={rest['aria-label']}
      mode={multiple ? 'multiple' : undefined}
      disabled={disabled}
      value={value}
      allowClear={allowClear}
      onChange={(next: string | string[] | undefined) => {
        const nextIds = next === undefined ? [] : Array.isArray(next) ? next : [next];
        setPicked((list) => [...list, ...found.filter((p) => nextIds.includes(p.id))]);
        onChange?.(next ?? (multiple ? [] : ''));
      }}
      onOpenChange={setOpen}
      placeholder={placeholder ?? t('actions.choosePerson')}
      loading={options.isFetching}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      notFoundContent={options.isFetching ? null : t('actions.noPeople')}
      options={people.map((p) => ({ value: p.id, label: label(p) }))}
    />
  );
}
