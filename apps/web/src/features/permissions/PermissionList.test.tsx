import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../shared/i18n';
import { PermissionList } from './PermissionList';

afterEach(async () => {
  await changeLanguage('en');
});

describe('PermissionList', () => {
  it('shows the catalogue in English, with the tooltip for the person or for an admin', () => {
    const { unmount } = render(<PermissionList on={[11]} tab={1} editable={false} tooltipStyle="user" />);
    expect(screen.getByRole('switch', { name: 'View all documents' })).toBeTruthy();
    expect(screen.getByLabelText('Allows you to see every document of the organization.')).toBeTruthy();
    unmount();
    render(<PermissionList on={[11]} tab={1} editable tooltipStyle="admin" />);
    expect(screen.getByLabelText('Allows the user to see every document of the organization.')).toBeTruthy();
  });

  it('shows labels and tooltips in the language on screen', async () => {
    await changeLanguage('de');
    render(<PermissionList on={[11]} tab={1} editable={false} tooltipStyle="user" />);
    expect(screen.getByRole('switch', { name: 'Alle Dokumente anzeigen' })).toBeTruthy();
    expect(screen.getByLabelText('Erlaubt Ihnen, jedes Dokument der Organisation zu sehen.')).toBeTruthy();
    expect(screen.queryByText('View all documents')).toBeNull();
  });
});
