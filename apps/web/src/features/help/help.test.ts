import { describe, expect, it } from 'vitest';
import enHelp from '../../locales/en/help.json';
import { ARTIFACT_PARTS, helpTabsFor } from './HelpContent';
import { req } from '../../../../../docs/requirements/req.js';

describe('help tabs', () => {
  it(`shows the Super Admin notes only to the SuperAdmin and the Admin notes to both administrators ${req('HELP-001')}`, () => {
    expect(helpTabsFor('SuperAdmin')).toEqual([
      'introduction',
      'superAdmin',
      'admin',
      'general',
      'artifacts',
      'permissions',
    ]);
    expect(helpTabsFor('Admin')).toEqual(['introduction', 'admin', 'general', 'artifacts', 'permissions']);
    expect(helpTabsFor('User')).toEqual(['introduction', 'general', 'artifacts', 'permissions']);
  });

  it('has a title and text for every tab, and the five parts of Main artifacts and flows in order', () => {
    for (const tab of helpTabsFor('SuperAdmin')) expect(enHelp.tabs[tab], tab).toBeTruthy();
    expect(Object.keys(enHelp.artifacts.parts)).toEqual([...ARTIFACT_PARTS]);
    expect(ARTIFACT_PARTS.map((part) => enHelp.artifacts.parts[part].title)).toEqual([
      'Documents',
      'Actions',
      'Training Records',
      'HR Records',
      'Tags and Global Search',
    ]);
  });
});

describe('the periodic review in help', () => {
  it(`says the next review date counts from the day the revision takes effect, not from its release ${req('DOC-030')}`, () => {
    const section = enHelp.artifacts.parts.documents.sections[3]!;
    expect(section.title).toBe('Periodic review');
    expect(section.items[1]).toMatch(
      /^When a revision of a document of that type takes effect \(at its release, on its effective date, or once its training is complete\)/,
    );
  });
});
