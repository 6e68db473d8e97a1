import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEntries } from './settings.api';

export interface TagSelectProps {
  organizationId: string;
  id?: string;
  value?: string[];
  onChange?: (value: string[]) => void;
}

/** A form field choosing tags among the organization's (Settings, Tags). */
export function TagSelect({ organizationId, id, value, onChange }: TagSelectProps) {
  const { t } = useTranslation();
  const tags = useEntries(organizationId, 'tags');
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      placeholder={t('actions.chooseTags')}
      loading={tags.isLoading}
      optionFilterProp="label"
      value={value}
      onChange={onChange}
      options={(tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name }))}
    />
  );
}
