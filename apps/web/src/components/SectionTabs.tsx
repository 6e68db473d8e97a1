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
 * not fit, a labelled select chooses the section instead, so nothing is pushed off screen. The
 * sections stay inside the same `Tabs` in both layouts (on phones its tab list is hidden), so a
 * window crossing the phone width keeps what a person typed in a section's form.
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
  return (
    <div className="qualis-section-tabs">
      {narrow && (
        <Select
          className="qualis-section-tabs__select"
          aria-label={t('layout.section')}
          value={active}
          onChange={setActive}
          options={items.map((item) => ({ value: item.key, label: item.label }))}
        />
      )}
      <Tabs
        className={narrow ? 'qualis-section-tabs__tabs--chosen-by-select' : undefined}
        activeKey={active}
        onChange={setActive}
        tabPlacement={narrow ? 'top' : vertical ? 'start' : 'top'}
        items={items}
      />
    </div>
  );
}
