import { describe, expect, it } from 'vitest';
import { helpTabsFor } from './HelpContent';

describe('help tabs', () => {
  it('shows the Super Admin notes only to the SuperAdmin and the Admin notes to both administrators', () => {
    expect(helpTabsFor('SuperAdmin')).toEqual(['introduction', 'superAdmin', 'admin', 'artifacts', 'general']);
    expect(helpTabsFor('Admin')).toEqual(['introduction', 'admin', 'artifacts', 'general']);
    expect(helpTabsFor('User')).toEqual(['introduction', 'artifacts', 'general']);
  });
});
