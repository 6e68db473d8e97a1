import type { PermissionKind, Role } from '@qualis/contract';
import { Typography } from 'antd';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { permissionText } from '../../shared/i18n';
import { SectionTabs } from '../../components/SectionTabs';
import { permissionTree, type PermissionNode } from '../permissions/permission-tree';
import './HelpContent.css';

/** The version of the help texts, shown in the page's footer (spec 03 section 2). */
export const HELP_VERSION = '1.2';

export type HelpTab = 'introduction' | 'superAdmin' | 'admin' | 'general' | 'artifacts' | 'permissions';
type SectionsTab = Exclude<HelpTab, 'artifacts' | 'permissions'>;

export const ARTIFACT_PARTS = ['documents', 'actions', 'trainings', 'hrRecords', 'tagsSearch'] as const;
type ArtifactPart = (typeof ARTIFACT_PARTS)[number];

/** The permission areas by their 'User Group Settings' sub-tab. */
const PERMISSION_AREAS = [
  { area: 'documents', tab: 1 },
  { area: 'actions', tab: 2 },
  { area: 'trainingRecords', tab: 3 },
  { area: 'organizationSettings', tab: 4 },
] as const;

interface HelpSection {
  title: string;
  text?: string;
  steps?: string[];
  items?: string[];
}

/**
 * Which tabs a role sees: the Super Admin's notes only for them, the Admin's for both
 * administrators (spec 01 section 6), then the pages of spec 03 section 2.
 */
export function helpTabsFor(role: Role): HelpTab[] {
  return [
    'introduction',
    ...(role === 'SuperAdmin' ? (['superAdmin'] as const) : []),
    ...(role === 'SuperAdmin' || role === 'Admin' ? (['admin'] as const) : []),
    'general',
    'artifacts',
    'permissions',
  ];
}

function Sections({ sections, level }: { sections: HelpSection[]; level: 2 | 3 }) {
  return sections.map((section) => (
    <section key={section.title} className="qualis-help__section">
      <Typography.Title level={level}>{section.title}</Typography.Title>
      {section.text && <Typography.Paragraph>{section.text}</Typography.Paragraph>}
      {section.steps && (
        <ol className="qualis-help__list">
          {section.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      )}
      {section.items && (
        <ul className="qualis-help__list">
          {section.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </section>
  ));
}

function SectionsTabContent({ tab }: { tab: SectionsTab }) {
  const { t } = useTranslation('help');
  return <Sections sections={t(`${tab}.sections`, { returnObjects: true }) as HelpSection[]} level={2} />;
}

const partId = (part: ArtifactPart) => `qualis-help-${part}`;

/** Main artifacts and flows: a contents list, then one part per artifact. */
function ArtifactsTabContent() {
  const { t } = useTranslation('help');
  const jumpTo = (event: MouseEvent, part: ArtifactPart) => {
    event.preventDefault();
    document.getElementById(partId(part))?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  return (
    <>
      <Typography.Paragraph>{t('artifacts.intro')}</Typography.Paragraph>
      <nav className="qualis-help__contents" aria-label={t('contents')}>
        <ul>
          {ARTIFACT_PARTS.map((part) => (
            <li key={part}>
              <a href={`#${partId(part)}`} onClick={(event) => jumpTo(event, part)}>
                {t(`artifacts.parts.${part}.title`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {ARTIFACT_PARTS.map((part) => (
        <section key={part} id={partId(part)} className="qualis-help__part">
          <Typography.Title level={2}>{t(`artifacts.parts.${part}.title`)}</Typography.Title>
          <Sections
            sections={t(`artifacts.parts.${part}.sections`, { returnObjects: true }) as HelpSection[]}
            level={3}
          />
        </section>
      ))}
    </>
  );
}

/** The options that depend on one option, grouped by kind (sections shown, add, edit, delete, sections edited). */
function OptionChildren({ nodes, style }: { nodes: PermissionNode[]; style: 'you' | 'user' }) {
  const { t } = useTranslation('help');
  const kinds = [...new Set(nodes.map((node) => node.permission.kind))] as Exclude<
    PermissionKind,
    'view' | 'settings'
  >[];
  return (
    <dl className="qualis-help__kinds">
      {kinds.map((kind) => (
        <div key={kind}>
          <dt>{t(`permissions.kinds.${kind}`)}</dt>
          <dd>
            <Options nodes={nodes.filter((node) => node.permission.kind === kind)} style={style} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Options({ nodes, style }: { nodes: PermissionNode[]; style: 'you' | 'user' }) {
  return (
    <ul className="qualis-help__options">
      {nodes.map(({ permission, children }) => (
        <li key={permission.type}>
          <Typography.Text strong>{permissionText(permission.type, 'label')}</Typography.Text>
          {': '}
          {permissionText(permission.type, style)}
          {children.length > 0 && <OptionChildren nodes={children} style={style} />}
        </li>
      ))}
    </ul>
  );
}

/**
 * User access permissions: the rules in words, then the catalogue itself, area by area, in the
 * words of its tooltips: addressed to the reader ('Allows you to ...') when they are a User.
 */
function PermissionsTabContent({ role }: { role: Role }) {
  const { t } = useTranslation('help');
  const { t: tApp } = useTranslation();
  const style = role === 'User' ? 'you' : 'user';
  return (
    <>
      <Sections sections={t('permissions.sections', { returnObjects: true }) as HelpSection[]} level={2} />
      <section className="qualis-help__section">
        <Typography.Title level={2}>{t('permissions.catalogueTitle')}</Typography.Title>
        <Typography.Paragraph>{t('permissions.catalogueIntro')}</Typography.Paragraph>
        {PERMISSION_AREAS.map(({ area, tab }) => (
          <section key={area} className="qualis-help__area">
            <Typography.Title level={3}>{tApp(`people.access.tabs.${area}`)}</Typography.Title>
            <Typography.Paragraph>{t(`permissions.areas.${area}`)}</Typography.Paragraph>
            <Options nodes={permissionTree(tab)} style={style} />
          </section>
        ))}
      </section>
    </>
  );
}

function TabContent({ tab, role }: { tab: HelpTab; role: Role }) {
  if (tab === 'artifacts') return <ArtifactsTabContent />;
  if (tab === 'permissions') return <PermissionsTabContent role={role} />;
  return <SectionsTabContent tab={tab} />;
}

/** The Help tabs of a role; the texts are the `help` namespace (help.json), loaded with the page. */
export function HelpContent({ role }: { role: Role }) {
  const { t } = useTranslation('help');
  return (
    <div className="qualis-help">
      <SectionTabs
        vertical
        items={helpTabsFor(role).map((tab) => ({
          key: tab,
          label: t(`tabs.${tab}`),
          children: <TabContent tab={tab} role={role} />,
        }))}
      />
    </div>
  );
}
