import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { endpoints, type HrRecord, type HrRecordRow } from '@qualis/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import HumanResourceDetailPage from '../../pages/HumanResourceDetailPage';
import HumanResourcesPage from '../../pages/HumanResourcesPage';
import { sessionStore } from '../../shared/session-store';
import {
  jsonResponse,
  on,
  queriesOf,
  renderFeature,
  stubEndpoints,
  testTokens,
  testUser,
  type EndpointAnswer,
} from '../../test/app';
import { ORG, organizationEndpoints } from '../../test/organization';
import { req } from '../../../../../docs/requirements/req.js';

const { saveFile } = await import('../../shared/save-file');

/** The machine may be busy: a whole journey through a page gets a minute. */
const SLOW = 60_000;
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

const records = endpoints.hrRecords;
/** The organization's answers (its tag Auditor), and `answers` before them. */
const stubRecords = (...answers: EndpointAnswer[]) =>
  stubEndpoints(...answers, ...organizationEndpoints([{ id: TAG, name: 'Auditor' }]));

const LIST = '/organizations/:organizationId/human-resources';
const DETAIL = `${LIST}/:resourceId`;
const listPath = `/organizations/${ORG}/human-resources`;
const renderList = () =>
  renderFeature(<HumanResourcesPage />, {
    route: LIST,
    path: listPath,
    routes: { [DETAIL]: <HumanResourceDetailPage /> },
  });
const renderDetail = (id: string) =>
  renderFeature(<HumanResourceDetailPage />, { route: DETAIL, path: `${listPath}/${id}` });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('List of Human Resources', () => {
  it(
    `shows the empty text, then the columns, the status, and row options by the row flags ${req('HR-003')}`,
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      let rows: HrRecordRow[] = [];
      const fetch = stubRecords(on(records.list, () => ({ data: rows, pagination: { totalCount: rows.length } })));
      const first_ = renderList();

      expect(await screen.findByText('There are no Human Resources to display')).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Human Resources' })).toBeInTheDocument();
      const [query] = queriesOf(fetch, records.list);
      expect(query!.get('organizationId')).toBe(ORG);
      expect(query!.has('orderBy')).toBe(false);
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
      const view = renderList();
      const first = await screen.findByRole('row', { name: /Uma/ });
      const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
      for (const title of ['First name', 'Last name', 'Role', 'Status', 'User groups', 'Trainings', 'Options']) {
        expect(
          headers.some((h) => h?.includes(title)),
          title,
        ).toBe(true);
      }
      expect(within(first).getByText('User')).toBeInTheDocument();
      expect(within(first).getByText('Active')).toBeInTheDocument();
      expect(within(first).getByText('Auditors')).toBeInTheDocument();
      expect(within(first).getByText('Hand hygiene')).toBeInTheDocument();
      expect(within(screen.getByRole('row', { name: /Leo/ })).getByText('Removed')).toBeInTheDocument();

      expect(within(first).getByRole('button', { name: 'Edit: Uma Ulm' })).toBeInTheDocument();
      expect(within(first).queryByRole('button', { name: /^Delete:/ })).not.toBeInTheDocument();
      const second = screen.getByRole('row', { name: /Leo/ });
      expect(within(second).getByRole('button', { name: 'View details: Leo Left' })).toBeInTheDocument();
      expect(within(second).queryByRole('button', { name: /^Edit:/ })).not.toBeInTheDocument();
      expect(within(second).getByRole('button', { name: 'Delete: Leo Left' })).toBeInTheDocument();

      fireEvent.click(within(first).getByText('Auditors'));
      await waitFor(() => expect(view.location()).toBe(`${listPath}/${RECORD}`));
    },
    SLOW,
  );

  it(
    'deletes a record of a person who left after the confirmation',
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      let rows = [row(record({ id: LEFT, firstName: 'Leo', lastName: 'Left', status: 'Removed', canBeDeleted: true }))];
      const fetch = stubRecords(
        on(records.list, () => ({ data: rows, pagination: { totalCount: rows.length } })),
        on(records.remove, () => {
          rows = [];
          return { data: { ids: [LEFT] } };
        }),
      );
      renderList();

      fireEvent.click(await screen.findByRole('button', { name: 'Delete: Leo Left' }));
      const dialog = await screen.findByRole('dialog');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

      expect(await screen.findByText('The record is successfully deleted')).toBeInTheDocument();
      expect(queriesOf(fetch, records.remove).map((query) => query.getAll('ids'))).toEqual([[LEFT]]);
      expect(await screen.findByText('There are no Human Resources to display')).toBeInTheDocument();
    },
    SLOW,
  );
});

describe('Human resource detail', () => {
  it(
    `shows the record and its links, uploads a CV and chooses tags in edit mode, and saves ${req('HR-002')}`,
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      vi.mocked(saveFile).mockClear();
      let current = record();
      const puts: unknown[] = [];
      stubRecords(
        on(records.detail, () => ({ data: current })),
        on(endpoints.uploads.file, () =>
          jsonResponse(201, {
            data: {
              id: CV,
              fileName: 'uma-cv.pdf',
              fileSize: 2048,
              organizationId: ORG,
              contentType: 'application/pdf',
              sha256: 'ab'.repeat(32),
              createdAt: '2030-04-01T09:30:00.000Z',
            },
          }),
        ),
        on(records.update, (_, body) => {
          puts.push(body);
          current = {
            ...current,
            file: { id: CV, fileName: 'uma-cv.pdf', fileSize: 2048 },
            tags: [{ id: TAG, name: 'Auditor' }],
            tagIds: [TAG],
          };
          return { data: current };
        }),
        on(records.file, () => ({
          data: { path: `/human-resource-records/${RECORD}/file/${CV}/content`, fileName: 'uma-cv.pdf' },
        })),
        on(
          records.fileContent,
          () => new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
        ),
      );
      const { container } = renderDetail(RECORD);

      expect(await screen.findByRole('heading', { name: 'Uma Ulm' })).toBeInTheDocument();
      expect(screen.getByText('No CV uploaded.')).toBeInTheDocument();
      expect(screen.getByText('Active')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: '#12 Cleaning procedure (revision 3)' })).toHaveAttribute(
        'href',
        `/organizations/${ORG}/documents/${DOC}?revision=3`,
      );
      expect(screen.getByText('Reviewer')).toBeInTheDocument();
      expect(screen.getByText('Approver')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Hand hygiene' })).toHaveAttribute(
        'href',
        `/organizations/${ORG}/training-records/${TRAINING}`,
      );
      expect(screen.getByText('Passed')).toBeInTheDocument();
      expect(screen.getByText(/for revision 3/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Auditors' })).toHaveAttribute(
        'href',
        `/organizations/${ORG}/user-groups/${GROUP}`,
      );
      expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();

      fireEvent.click(screen.getByRole('button', { name: /Edit/ }));
      const save = await screen.findByRole('button', { name: 'Save' });
      expect(save).toBeDisabled();
      const input = container.querySelector<HTMLInputElement>('#fileId')!;
      fireEvent.change(input, {
        target: { files: [new File(['%PDF-1.7'], 'uma-cv.pdf', { type: 'application/pdf' })] },
      });
      expect(await screen.findByText('uma-cv.pdf')).toBeInTheDocument();
      fireEvent.mouseDown(screen.getByLabelText('Tags'));
      fireEvent.click(await screen.findByText('Auditor', { selector: '.ant-select-item-option-content' }));
      await waitFor(() => expect(save).toBeEnabled());
      fireEvent.click(save);

      expect(await screen.findByText('The record is successfully edited')).toBeInTheDocument();
      expect(puts).toEqual([{ organizationId: ORG, id: RECORD, fileId: CV, tagIds: [TAG] }]);
      expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
      fireEvent.click(await screen.findByRole('button', { name: 'Download uma-cv.pdf' }));
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
      stubRecords(
        on(records.list, () => ({ data: [row(current)], pagination: { totalCount: 1 } })),
        on(records.detail, () => ({ data: current })),
      );
      renderList();

      fireEvent.click(await screen.findByRole('button', { name: 'Edit: Uma Ulm' }));
      expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
      expect(screen.getByText('uma-cv.pdf')).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(await screen.findByRole('button', { name: 'Download uma-cv.pdf' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    },
    SLOW,
  );

  it(
    "shows a regular user the record's user groups as plain text, and no Edit without canBeEdited",
    async () => {
      sessionStore.start(testUser({ role: 'User' }), testTokens, false);
      stubRecords(
        on(records.detail, () => ({
          data: record({ canBeEdited: false, documents: [], trainings: [], tags: [{ id: TAG, name: 'Auditor' }] }),
        })),
      );
      renderDetail(RECORD);

      expect(await screen.findByRole('heading', { name: 'Uma Ulm' })).toBeInTheDocument();
      expect(screen.getByText('Auditors')).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Auditors' })).not.toBeInTheDocument();
      expect(screen.getByText('No documents yet.')).toBeInTheDocument();
      expect(screen.getByText('No trainings yet.')).toBeInTheDocument();
      expect(screen.getByText('Auditor')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'deletes a record of a person who left and goes back to the list; a record without groups says so',
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      let gone = false;
      stubRecords(
        on(records.detail, () => ({
          data: record({
            id: LEFT,
            firstName: 'Leo',
            lastName: 'Left',
            status: 'Removed',
            userGroups: [],
            canBeDeleted: true,
          }),
        })),
        on(records.remove, () => {
          gone = true;
          return { data: { ids: [LEFT] }, message: 'The record is successfully deleted' };
        }),
        on(records.list, () => ({ data: [], pagination: { totalCount: 0 } })),
      );
      const view = renderDetail(LEFT);

      expect(await screen.findByRole('heading', { name: 'Leo Left' })).toBeInTheDocument();
      expect(screen.getByText('Removed')).toBeInTheDocument();
      expect(screen.getByText('No user groups yet.')).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: /Delete/ }));
      const dialog = await screen.findByRole('dialog');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('The record is successfully deleted')).toBeInTheDocument();
      expect(gone).toBe(true);
      await waitFor(() => expect(view.location()).toBe(listPath));
    },
    SLOW,
  );
});
