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
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  'aria-label'?: string;
}

const label = (p: ActionPerson) => `${fullName(p)} (${p.email})`;

/** A person of the organization, looked up by name or e-mail (at most 20 options, spec 03 section 5). */
export function PersonSelect({ organizationId, known, id, value, onChange, ...rest }: PersonSelectProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const options = useMemberOptions(organizationId, search, open);
  const [picked, setPicked] = useState<ActionPerson | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), LOOKUP_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  // The chosen person stays labelled when a search no longer returns them.
  const found = options.data ?? [];
  const chosen = [picked, ...known].find((p) => p?.id === value);
  const people = chosen && !found.some((p) => p.id === chosen.id) ? [chosen, ...found] : found;

  return (
    <Select
      id={id}
      aria-label={rest['aria-label']}
      value={value}
      onChange={(next: string) => {
        setPicked(found.find((p) => p.id === next) ?? null);
        onChange?.(next);
      }}
      onOpenChange={setOpen}
      placeholder={t('actions.choosePerson')}
      loading={options.isFetching}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      notFoundContent={options.isFetching ? null : t('actions.noPeople')}
      options={people.map((p) => ({ value: p.id, label: label(p) }))}
    />
  );
}
