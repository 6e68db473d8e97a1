import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { HrRecord, HrRecordRow } from '@qualis/contract';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../session/session-store';
import { jsonResponse, renderApp, stubApi, testTokens, testUser } from '../../test/app';
import { LAZY, NOT_FOUND, ORG, organizationAnswer, preparePages, SOON } from '../../test/organization';

const { saveFile } = await import('../../app/save-file');

/** The machine may be busy: a whole journey through a page gets three minutes (see actions.test.tsx). */
const SLOW = 180_000;
const RECORD = '0190a8e4-0000-7000-8000-0000000000e1';
const LEFT = '0190a8e4-0000-7000-8000-0000000000e2';
const TAG = '0190a8e4-0000-7000-8000-0000000000c1';
const DOC = '0190a8e4-0000-7000-8000-0000000000f1';
const TRAINING = '0190a8e4-0000-7000-8000-0000000000f2';
const GROUP = '0190a8e4-0000-7000-8000-0000000000f3';
const CV = '0190a8e4-0000-7000-8000-0000000000f4';

const record = (overrides: Partial<HrRecord> = {}): HrRecord => ({
  id: RECORD,
  userId: '0190a8e4-0000-7000-8000-0000000000d1',
  firstName: 'Uma',
  lastName: 'Ulm',
  email: 'uma@example.com',
  role: 'User',
  status: 'Active',
  createdAt: '2030-04-01T09:30:00.000Z',
  activated: true,
  documents: [{ id: DOC, number: 12, name: 'Cleaning procedure', revision: 3, roles: ['reviewer', 'approver'] }],
  trainings: [
    {
      id: TRAINING,
      name: 'Hand hygiene',
      number: 4,
      trainingStatus: 1,
      passedAt: '2030-04-02T10:00:00.000Z',
      revision: 3,
    },
  ],
  userGroups: [{ id: GROUP, name: 'Auditors', userCount: 2 }],
  tags: [],
  tagIds: [],
  file: null,
  canBeEdited: true,
  canBeDeleted: false,
  ...overrides,
});

const row = (r: HrRecord): HrRecordRow => ({
  ...r,
  trainings: r.trainings.map(({ id, name, trainingStatus }) => ({ id, name, trainingStatus })),
});

const common = (route: string) => organizationAnswer(route, [{ id: TAG, name: 'Auditor' }]);

preparePages(
  () => import('../../pages/HumanResourcesPage'),
  () => import('../../pages/HumanResourceDetailPage'),
);

describe('List of Human Resources', () => {
  it(
    'shows the empty text, then the columns, the status, and row options by the row flags',
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      let rows: HrRecordRow[] = [];
      const fetch = stubApi((route) => {
        if (route === 'GET /api/v1/human-resource-records')
          return jsonResponse(200, { data: rows, pagination: { totalCount: rows.length } });
        return common(route) ?? NOT_FOUND();
      });
      const first_ = renderApp(`/organizations/${ORG}/human-resources`);

      expect(await screen.findByText('There are no Human Resources to display', {}, LAZY)).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'Human Resources' })).toBeTruthy();
      const [query] = fetch.mock.calls
        .filter(([url]) => new URL(url, 'http://x').pathname === '/api/v1/human-resource-records')
        .map(([url]) => new URL(url, 'http://x').searchParams);
      expect(query!.get('organizationId')).toBe(ORG);
      expect(query!.get('orderBy')).toBeNull();
      first_.unmount();

      rows = [
        row(record()),
        row(
          record({
            id: LEFT,
            firstName: 'Leo',
            lastName: 'Left',
            status: 'Removed',
            canBeEdited: false,
            canBeDeleted: true,
            trainings: [],
            userGroups: [],
          }),
        ),
      ];
      const view = renderApp(`/organizations/${ORG}/human-resources`);
      const first = await screen.findByRole('row', { name: /Uma/ }, LAZY);
      const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
      for (const title of ['First name', 'Last name', 'Role', 'Status', 'User groups', 'Trainings', 'Options']) {
        expect(
          headers.some((h) => h?.includes(title)),
          title,
        ).toBe(true);
      }
      expect(within(first).getByText('User')).toBeTruthy();
      expect(within(first).getByText('Active')).toBeTruthy();
      expect(within(first).getByText('Auditors')).toBeTruthy();
      expect(within(first).getByText('Hand hygiene')).toBeTruthy();
      expect(within(screen.getByRole('row', { name: /Leo/ })).getByText('Removed')).toBeTruthy();

      expect(within(first).getByRole('button', { name: 'Edit: Uma Ulm' })).toBeTruthy();
      expect(within(first).queryByRole('button', { name: /^Delete:/ })).toBeNull();
      const second = screen.getByRole('row', { name: /Leo/ });
      expect(within(second).getByRole('button', { name: 'View details: Leo Left' })).toBeTruthy();
      expect(within(second).queryByRole('button', { name: /^Edit:/ })).toBeNull();
      expect(within(second).getByRole('button', { name: 'Delete: Leo Left' })).toBeTruthy();

      fireEvent.click(within(first).getByText('Auditors'));
      await waitFor(() => expect(view.location()).toBe(`/organizations/${ORG}/human-resources/${RECORD}`));
    },
    SLOW,
  );

  it(
    'deletes a record of a person who left after the confirmation',
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      let rows = [row(record({ id: LEFT, firstName: 'Leo', lastName: 'Left', status: 'Removed', canBeDeleted: true }))];
      const fetch = stubApi((route) => {
        if (route === 'GET /api/v1/human-resource-records')
          return jsonResponse(200, { data: rows, pagination: { totalCount: rows.length } });
        if (route === 'DELETE /api/v1/human-resource-records') {
          rows = [];
          return jsonResponse(200, { data: { ids: [LEFT] } });
        }
        return common(route) ?? NOT_FOUND();
      });
      renderApp(`/organizations/${ORG}/human-resources`);

      fireEvent.click(await screen.findByRole('button', { name: 'Delete: Leo Left' }, LAZY));
      const dialog = await screen.findByRole('dialog', {}, SOON);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

      expect(await screen.findByText('The record is successfully deleted', {}, SOON)).toBeTruthy();
      const url = fetch.mock.calls
        .map(([u]) => new URL(u, 'http://x'))
        .find((u) => u.pathname.endsWith('records') && u.searchParams.has('ids'));
      expect(url!.searchParams.getAll('ids')).toEqual([LEFT]);
      expect(await screen.findByText('There are no Human Resources to display', {}, SOON)).toBeTruthy();
    },
    SLOW,
  );
});

describe('Human resource detail', () => {
  it(
    'shows the record and its links, uploads a CV and chooses tags in edit mode, and saves',
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      vi.mocked(saveFile).mockClear();
      let current = record();
      const puts: unknown[] = [];
      stubApi((route, body) => {
        if (route === `GET /api/v1/human-resource-records/${RECORD}`) return jsonResponse(200, { data: current });
        if (route === 'POST /api/v1/upload/file')
          return jsonResponse(201, {
            data: {
              id: CV,
              fileName: 'uma-cv.pdf',
              fileSize: 2048,
              organizationId: ORG,
              contentType: 'application/pdf',
              sha256: 'ab'.repeat(32),
              createdAt: '2030-04-01T09:30:00.000Z',
            },
          });
        if (route === `PUT /api/v1/human-resource-records/${RECORD}`) {
          puts.push(body);
          current = {
            ...current,
            file: { id: CV, fileName: 'uma-cv.pdf', fileSize: 2048 },
            tags: [{ id: TAG, name: 'Auditor' }],
            tagIds: [TAG],
          };
          return jsonResponse(200, { data: current });
        }
        if (route === `GET /api/v1/human-resource-records/${RECORD}/file/${CV}`)
          return jsonResponse(200, {
            data: { path: `/human-resource-records/${RECORD}/file/${CV}/content`, fileName: 'uma-cv.pdf' },
          });
        if (route === `GET /api/v1/human-resource-records/${RECORD}/file/${CV}/content`)
          return new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } });
        return common(route) ?? NOT_FOUND();
      });
      const { container } = renderApp(`/organizations/${ORG}/human-resources/${RECORD}`);

      expect(await screen.findByRole('heading', { name: 'Uma Ulm' }, LAZY)).toBeTruthy();
      expect(screen.getByText('No CV uploaded.')).toBeTruthy();
      expect(screen.getByText('Active')).toBeTruthy();
      expect(screen.getByRole('link', { name: '#12 Cleaning procedure (revision 3)' }).getAttribute('href')).toBe(
        `/organizations/${ORG}/documents/${DOC}?revision=3`,
      );
      expect(screen.getByText('Reviewer')).toBeTruthy();
      expect(screen.getByText('Approver')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Hand hygiene' }).getAttribute('href')).toBe(
        `/organizations/${ORG}/training-records/${TRAINING}`,
      );
      expect(screen.getByText('Passed')).toBeTruthy();
      expect(screen.getByText(/for revision 3/)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Auditors' }).getAttribute('href')).toBe(
        `/organizations/${ORG}/user-groups/${GROUP}`,
      );
      expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();

      fireEvent.click(screen.getByRole('button', { name: /Edit/ }));
      const save = (await screen.findByRole('button', { name: 'Save' }, SOON)) as HTMLButtonElement;
      expect(save.disabled).toBe(true);
      const input = container.querySelector<HTMLInputElement>('#fileId')!;
      fireEvent.change(input, {
        target: { files: [new File(['%PDF-1.7'], 'uma-cv.pdf', { type: 'application/pdf' })] },
      });
      expect(await screen.findByText('uma-cv.pdf', {}, SOON)).toBeTruthy();
      fireEvent.mouseDown(screen.getByLabelText('Tags'));
      fireEvent.click(await screen.findByText('Auditor', { selector: '.ant-select-item-option-content' }, SOON));
      await waitFor(() => expect(save.disabled).toBe(false), SOON);
      fireEvent.click(save);

      expect(await screen.findByText('The record is successfully edited', {}, SOON)).toBeTruthy();
      expect(puts).toEqual([{ organizationId: ORG, id: RECORD, fileId: CV, tagIds: [TAG] }]);
      expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
      fireEvent.click(await screen.findByRole('button', { name: 'Download uma-cv.pdf' }, SOON));
      await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
      expect(vi.mocked(saveFile).mock.calls[0]![1]).toBe('uma-cv.pdf');
    },
    SLOW,
  );

  it(
    "opens in edit mode from the list's Edit; Cancel returns to the view",
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      const current = record({ file: { id: CV, fileName: 'uma-cv.pdf', fileSize: 2048 } });
      stubApi((route) => {
        if (route === 'GET /api/v1/human-resource-records')
          return jsonResponse(200, { data: [row(current)], pagination: { totalCount: 1 } });
        if (route === `GET /api/v1/human-resource-records/${RECORD}`) return jsonResponse(200, { data: current });
        return common(route) ?? NOT_FOUND();
      });
      renderApp(`/organizations/${ORG}/human-resources`);

      fireEvent.click(await screen.findByRole('button', { name: 'Edit: Uma Ulm' }, LAZY));
      expect(await screen.findByRole('button', { name: 'Save' }, LAZY)).toBeTruthy();
      expect(screen.getByText('uma-cv.pdf')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(await screen.findByRole('button', { name: 'Download uma-cv.pdf' }, SOON)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    },
    SLOW,
  );

  it(
    "shows a regular user the record's user groups as plain text, and no Edit without canBeEdited",
    async () => {
      sessionStore.start(testUser({ role: 'User' }), testTokens, false);
      stubApi((route) => {
        if (route === `GET /api/v1/human-resource-records/${RECORD}`)
          return jsonResponse(200, {
            data: record({ canBeEdited: false, documents: [], trainings: [], tags: [{ id: TAG, name: 'Auditor' }] }),
          });
        return common(route) ?? NOT_FOUND();
      });
      renderApp(`/organizations/${ORG}/human-resources/${RECORD}`);

      expect(await screen.findByRole('heading', { name: 'Uma Ulm' }, LAZY)).toBeTruthy();
      expect(screen.getByText('Auditors')).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Auditors' })).toBeNull();
      expect(screen.getByText('No documents yet.')).toBeTruthy();
      expect(screen.getByText('No trainings yet.')).toBeTruthy();
      expect(screen.getByText('Auditor')).toBeTruthy();
      expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
    },
    SLOW,
  );

  it(
    'deletes a record of a person who left and goes back to the list; a record without groups says so',
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      let gone = false;
      stubApi((route) => {
        if (route === `GET /api/v1/human-resource-records/${LEFT}`)
          return jsonResponse(200, {
            data: record({
              id: LEFT,
              firstName: 'Leo',
              lastName: 'Left',
              status: 'Removed',
              userGroups: [],
              canBeDeleted: true,
            }),
          });
        if (route === 'DELETE /api/v1/human-resource-records') {
          gone = true;
          return jsonResponse(200, { data: { ids: [LEFT] }, message: 'The record is successfully deleted' });
        }
        if (route === 'GET /api/v1/human-resource-records')
          return jsonResponse(200, { data: [], pagination: { totalCount: 0 } });
        return common(route) ?? NOT_FOUND();
      });
      const view = renderApp(`/organizations/${ORG}/human-resources/${LEFT}`);

      expect(await screen.findByRole('heading', { name: 'Leo Left' }, LAZY)).toBeTruthy();
      expect(screen.getByText('Removed')).toBeTruthy();
      expect(screen.getByText('No user groups yet.')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: /Delete/ }));
      const dialog = await screen.findByRole('dialog', {}, SOON);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('The record is successfully deleted', {}, SOON)).toBeTruthy();
      expect(gone).toBe(true);
      await waitFor(() => expect(view.location()).toBe(`/organizations/${ORG}/human-resources`));
    },
    SLOW,
  );
});
