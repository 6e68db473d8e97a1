import { SearchOutlined } from '@ant-design/icons';
import { SEARCH_DEBOUNCE_MS, SEARCH_MAX_LENGTH } from '@qualis/contract';
import { Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Reports the text once the person has stopped typing for a second. */
export function SearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);

  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);

  return (
    <Input
      className="qualis-table-search"
      prefix={<SearchOutlined />}
      placeholder={t('table.search')}
      aria-label={t('table.search')}
      allowClear
      maxLength={SEARCH_MAX_LENGTH}
      value={text}
      onChange={(event) => setText(event.target.value)}
    />
  );
}
