import { Select, Tabs } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNarrow } from './useNarrow';

export interface SectionTab {
  key: string;
  label: string;
  children: ReactNode;
}

/**
 * A page's sections as tabs (on the side when `vertical`). On phones, where the tab list would
 * not fit, a labelled select chooses the section instead, so nothing is pushed off screen.
 */
export function SectionTabs({
  items,
  defaultActiveKey,
  vertical = false,
}: {
  items: SectionTab[];
  defaultActiveKey?: string;
  vertical?: boolean;
}) {
  const { t } = useTranslation();
  const narrow = useNarrow();
  const [active, setActive] = useState(defaultActiveKey ?? items[0]?.key);
  if (narrow) {
    return (
      <div className="qualis-section-tabs">
        <Select
          className="qualis-section-tabs__select"
          aria-label={t('layout.section')}
          value={active}
          onChange={setActive}
          options={items.map((item) => ({ value: item.key, label: item.label }))}
        />
        {items.find((item) => item.key === active)?.children}
      </div>
    );
  }
  return <Tabs activeKey={active} onChange={setActive} tabPlacement={vertical ? 'start' : 'top'} items={items} />;
}
