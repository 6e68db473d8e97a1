import type { Role } from '@qualis/contract';
import { Typography } from 'antd';
import { SectionTabs } from '../../components/SectionTabs';
import { useTranslation } from 'react-i18next';

export type HelpTab = 'introduction' | 'superAdmin' | 'admin' | 'artifacts' | 'general';

interface HelpSection {
  title: string;
  items: string[];
}

/** Which tabs a role sees (spec 01 section 6): the SuperAdmin's notes only for them, the Admin's for both. */
export function helpTabsFor(role: Role): HelpTab[] {
  return [
    'introduction',
    ...(role === 'SuperAdmin' ? (['superAdmin'] as const) : []),
    ...(role === 'SuperAdmin' || role === 'Admin' ? (['admin'] as const) : []),
    'artifacts',
    'general',
  ];
}

function HelpSections({ tab }: { tab: HelpTab }) {
  const { t } = useTranslation();
  const sections = t(`help.content.${tab}`, { returnObjects: true }) as unknown as HelpSection[];
  return (
    <div className="qualis-help">
      {sections.map((section) => (
        <section key={section.title}>
          <Typography.Title level={4}>{section.title}</Typography.Title>
          <ul>
            {section.items.map((item) => (
              <li key={item}>
                <Typography.Text>{item}</Typography.Text>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

export function HelpContent({ role }: { role: Role }) {
  const { t } = useTranslation();
  return (
    <SectionTabs
      items={helpTabsFor(role).map((tab) => ({
        key: tab,
        label: t(`help.tabs.${tab}`),
        children: <HelpSections tab={tab} />,
      }))}
    />
  );
}
