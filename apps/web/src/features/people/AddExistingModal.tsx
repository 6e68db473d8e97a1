import { PERSON_OPTIONS_LIMIT } from '@qualis/contract';
import { Form, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePersonOptions, type PeopleKind } from './people.api';

/** The lookup's own, shorter delay (spec 02 section 9: shorter than the tables' 1 s). */
export const OPTIONS_SEARCH_DELAY_MS = 400;

export interface AddExistingModalProps {
  kind: PeopleKind;
  organizationId: string;
  saving: boolean;
  onCancel: () => void;
  /** Gets the chosen ids; the modal stays open when it rejects. */
  onAdd: (ids: string[]) => Promise<unknown>;
}

/** 'Add Existing': people of the caller's other organizations; 'Add' is disabled until one is chosen. */
export function AddExistingModal({ kind, organizationId, saving, onCancel, onAdd }: AddExistingModalProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const options = usePersonOptions(kind, organizationId, search, true);
  const noun = kind === 'admins' ? 'admin' : 'user';
  // The chosen people keep their names when a new search no longer lists them.
  const [labels, setLabels] = useState<Record<string, string>>({});
  const found = (options.data ?? []).slice(0, PERSON_OPTIONS_LIMIT).map((p) => ({
    value: p.id,
    label: `${[p.firstName, p.lastName].filter(Boolean).join(' ')} (${p.email})`,
  }));
  const shown = [
    ...found,
    ...chosen.filter((id) => !found.some((o) => o.value === id)).map((id) => ({ value: id, label: labels[id] ?? id })),
  ];

  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), OPTIONS_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const add = () => {
    if (chosen.length === 0 || saving) return;
    onAdd(chosen).catch(() => undefined);
  };

  return (
    <Modal
      open
      title={t(`people.${noun}.addExistingTitle`)}
      okText={t('people.addExisting.add')}
      cancelText={t('common.cancel')}
      onOk={add}
      onCancel={onCancel}
      okButtonProps={{ disabled: chosen.length === 0, loading: saving }}
      destroyOnHidden
    >
      <Form layout="vertical" component="div">
        <Form.Item label={t(`people.${noun}.addExistingLabel`)} htmlFor="people-add-existing">
          <Select
            id="people-add-existing"
            mode="multiple"
            showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
            placeholder={t('people.addExisting.placeholder')}
            value={chosen}
            onChange={(ids: string[]) => {
              setChosen(ids);
              setLabels((known) => ({ ...known, ...Object.fromEntries(found.map((o) => [o.value, o.label])) }));
            }}
            loading={options.isFetching}
            notFoundContent={options.isFetching ? null : t('people.addExisting.none')}
            options={shown}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
