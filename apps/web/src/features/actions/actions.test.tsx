import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { endpoints, type Action } from '@qualis/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import ActionCreatePage from '../../pages/ActionCreatePage';
import ActionDetailPage from '../../pages/ActionDetailPage';
import ActionsPage from '../../pages/ActionsPage';
import { sessionStore } from '../../shared/session-store';
import {
  EVERY_FLAG,
  jsonResponse,
  on,
  queriesOf,
  renderFeature,
  stubEndpoints,
  testTokens,
  testUser,
  type EndpointAnswer,
} from '../../test/app';
import { ada, me, ORG, organizationEndpoints, uma } from '../../test/organization';
import { today } from './action-paths';
import { req } from '../../../../../docs/requirements/req.js';

const { saveFile } = await import('../../shared/save-file');

/** The machine may be busy: a whole journey through a page gets a minute. */
const SLOW = 60_000;
const TASK = '0190a8e4-0000-7000-8000-0000000000b1';
const OTHER_TASK = '0190a8e4-0000-7000-8000-0000000000b2';
const TAG = '0190a8e4-0000-7000-8000-0000000000c1';

const action = (overrides: Partial<Action> = {}): Action => ({
  id: TASK,
  number: 7,
  name: 'Calibrate the scale',
  nameKey: null,
  nameParams: null,
  description: 'Before the audit',
  descriptionKey: null,
  status: 0,
  dueDate: '2030-05-01',
  link: 'https://example.com/sop',
  linkDescription: 'SOP 12',
  extraLink: null,
  extraLinkDescription: null,
  tags: [{ id: TAG, name: 'Audit' }],
  tagIds: [TAG],
  assignee: uma,
  assigner: ada,
  creator: ada,
  kind: 'manual',
  createdAt: '2030-04-01T09:30:00.000Z',
  creationDate: '2030-04-01',
  creationTime: '09:30:00',
  completedAt: null,
  canBeEdited: true,
  canChangeStatus: true,
  canBeDeleted: true,
  ...overrides,
});

const tasks = endpoints.actions;
/** The organization's answers (its tag Audit), and `answers` before them. */
const stubActions = (...answers: EndpointAnswer[]) =>
  stubEndpoints(...answers, ...organizationEndpoints([{ id: TAG, name: 'Audit' }]));

const LIST = '/organizations/:organizationId/tasks';
const listPath = `/organizations/${ORG}/tasks`;
/** An actions page alone, at its route, opened at `path`. */
const renderPage = (page: ReactNode, route: string, path: string) => renderFeature(page, { route, path });
const renderList = () => renderPage(<ActionsPage />, LIST, listPath);
const renderCreate = () => renderPage(<ActionCreatePage />, `${LIST}/create`, `${listPath}/create`);
const renderDetail = () => renderPage(<ActionDetailPage />, `${LIST}/:taskId`, `${listPath}/${TASK}`);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('List of Actions', () => {
  it(
    `shows a spinner, then the empty text; no Add New without canAddTasks ${req('DASH-002')}`,
    async () => {
      sessionStore.start(testUser({ role: 'User' }), testTokens, false);
      let answer: (r: Response) => void = () => undefined;
      const pending = new Promise<Response>((resolve) => (answer = resolve));
      stubActions(
        on(tasks.list, () => pending),
        on(endpoints.profile.accessFlags, () => ({ data: { ...EVERY_FLAG, canAddTasks: false } })),
      );
      const { container } = renderList();

      expect(await screen.findByText('List of Actions')).toBeInTheDocument();
      await waitFor(() => expect(container.querySelector('.qualis-table .ant-spin-spinning')).toBeInTheDocument());
      answer(jsonResponse(200, { data: [], pagination: { totalCount: 0 } }));
      expect(await screen.findByText('There are no Actions to display')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Add New/ })).not.toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'shows the default columns and rows; Edit and Delete only by the row flags; row click opens the detail',
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      const rows = [
        action(),
        action({ id: OTHER_TASK, number: 8, name: 'Read SOP', canBeEdited: false, canBeDeleted: false }),
      ];
      stubActions(on(tasks.list, () => ({ data: rows, pagination: { totalCount: 2 } })));
      const view = renderList();

      expect(await screen.findByText('Calibrate the scale')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: /Add New/ })).toBeInTheDocument();
      const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
      for (const title of ['System #', 'Name', 'Assignee', 'Status', 'Due date', 'Link', 'Options']) {
        expect(
          headers.some((h) => h?.includes(title)),
          title,
        ).toBe(true);
      }
      for (const hidden of ['Creator', 'Assigner', 'Creation date', 'Creation time']) {
        expect(
          headers.some((h) => h?.includes(hidden)),
          hidden,
        ).toBe(false);
      }
      const first = screen.getByRole('row', { name: /Calibrate the scale/ });
      expect(within(first).getByText('Uma User')).toBeInTheDocument();
      expect(within(first).getByText('To do')).toBeInTheDocument();
      expect(within(first).getByRole('link', { name: 'SOP 12' })).toHaveAttribute('href', 'https://example.com/sop');

      expect(within(first).getByRole('button', { name: 'Edit: Calibrate the scale' })).toBeInTheDocument();
      expect(within(first).getByRole('button', { name: 'Delete: Calibrate the scale' })).toBeInTheDocument();
      const second = screen.getByRole('row', { name: /Read SOP/ });
      expect(within(second).getByRole('button', { name: 'View details: Read SOP' })).toBeInTheDocument();
      expect(within(second).queryByRole('button', { name: /^Edit:/ })).not.toBeInTheDocument();
      expect(within(second).queryByRole('button', { name: /^Delete:/ })).not.toBeInTheDocument();

      fireEvent.click(within(screen.getByRole('row', { name: /Read SOP/ })).getByText('Uma User'));
      await waitFor(() => expect(view.location()).toBe(`${listPath}/${OTHER_TASK}`));
    },
    SLOW,
  );

  it(
    `deletes the checked rows after the confirmation ${req('ACT-006')}`,
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      let rows = [action(), action({ id: OTHER_TASK, number: 8, name: 'Read SOP' })];
      const fetch = stubActions(
        on(tasks.list, () => ({ data: rows, pagination: { totalCount: rows.length } })),
        on(tasks.remove, () => {
          rows = [];
          return { data: { ids: [TASK, OTHER_TASK] }, message: 'The action is deleted' };
        }),
      );
      renderList();

      expect(await screen.findByText('Read SOP')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Delete selected/ })).not.toBeInTheDocument();
      fireEvent.click(screen.getByLabelText('Select all rows on this page'));
      fireEvent.click(await screen.findByRole('button', { name: /Delete selected \(2\)/ }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText(/Delete 2 action/)).toBeInTheDocument();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

      expect(await screen.findByText('The action is deleted')).toBeInTheDocument();
      const [query] = queriesOf(fetch, tasks.remove);
      expect(query!.getAll('ids').sort()).toEqual([TASK, OTHER_TASK].sort());
      expect(query!.get('organizationId')).toBe(ORG);
      expect(await screen.findByText('There are no Actions to display')).toBeInTheDocument();
    },
    SLOW,
  );
});

describe('Export menu of the actions', () => {
  it(
    'saves a small PDF archive; a large one the server makes in the background shows its message, saves nothing',
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      vi.mocked(saveFile).mockClear();
      let large = false;
      const fetch = stubActions(
        on(tasks.list, () => ({ data: [action()], pagination: { totalCount: 1 } })),
        on(tasks.exportPdfArchive, () => {
          if (large) {
            return jsonResponse(200, {
              data: { message: 'Your report is being generated, please, wait.', messageKey: 'reportBeingGenerated' },
            });
          }
          return new Response('PK zip', {
            status: 200,
            headers: {
              'Content-Type': 'application/zip',
              'Content-Disposition': 'attachment; filename="Tasks_version_ada.zip"',
            },
          });
        }),
      );
      renderList();
      expect(await screen.findByText('Calibrate the scale')).toBeInTheDocument();

      fireEvent.click(screen.getByRole('button', { name: /Export/ }));
      fireEvent.click(await screen.findByText('PDF archive'));
      await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
      expect(vi.mocked(saveFile).mock.calls[0]![1]).toBe('Tasks_version_ada.zip');

      large = true;
      fireEvent.click(screen.getByRole('button', { name: /Export/ }));
      fireEvent.click(await screen.findByText('PDF archive'));
      expect(await screen.findByText('Your report is being generated, please, wait.')).toBeInTheDocument();
      expect(saveFile).toHaveBeenCalledTimes(1);
      const [query] = queriesOf(fetch, tasks.exportPdfArchive);
      expect(query!.get('organizationId')).toBe(ORG);
    },
    SLOW,
  );
});

describe('New Action', () => {
  it(
    `defaults the due date to today and the assigner to me, refuses a non-http link, and creates ${req('ACT-001', 'DOC-015')}`,
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      const posts: unknown[] = [];
      stubActions(
        on(tasks.create, (_, body) => {
          posts.push(body);
          return jsonResponse(201, { data: action(), message: 'Your action is created' });
        }),
        on(tasks.list, () => ({ data: [action()], pagination: { totalCount: 1 } })),
      );
      const view = renderCreate();

      const save = await screen.findByRole('button', { name: 'Save' });
      expect(save).toBeDisabled();
      expect(screen.getByLabelText('Due date')).toHaveValue(today());
      expect(screen.getByText('Ada Lovelace (ada@example.com)')).toBeInTheDocument();

      // Required fields: blanks get the contract's message.
      fireEvent.change(screen.getByLabelText('Name'), { target: { value: '   ' } });
      expect(await screen.findByText('This field is required')).toBeInTheDocument();
      fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  Calibrate the scale ' } });
      fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Before the audit' } });

      fireEvent.mouseDown(screen.getByLabelText('Assignee'));
      fireEvent.click(await screen.findByText('Uma User (uma@example.com)'));

      fireEvent.change(screen.getByLabelText('Link'), { target: { value: 'ftp://example.com/sop' } });
      expect(await screen.findByText('A link must start with http:// or https://')).toBeInTheDocument();
      expect(save).toBeDisabled();
      fireEvent.change(screen.getByLabelText('Link'), { target: { value: 'https://example.com/sop' } });
      fireEvent.change(screen.getByLabelText('Link description'), { target: { value: 'SOP 12' } });

      fireEvent.mouseDown(screen.getByLabelText('Tags'));
      fireEvent.click(await screen.findByText('Audit', { selector: '.ant-select-item-option-content' }));

      await waitFor(() => expect(save).toBeEnabled());
      fireEvent.click(save);

      expect(await screen.findByText('Your action is created')).toBeInTheDocument();
      await waitFor(() => expect(view.location()).toBe(listPath));
      expect(posts).toEqual([
        {
          organizationId: ORG,
          name: 'Calibrate the scale',
          description: 'Before the audit',
          dueDate: today(),
          assignerId: me.id,
          assigneeId: uma.id,
          link: 'https://example.com/sop',
          linkDescription: 'SOP 12',
          extraLink: null,
          extraLinkDescription: null,
          tagIds: [TAG],
        },
      ]);
    },
    SLOW,
  );

  it(
    "puts the server's field message under its field",
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      stubActions(
        on(tasks.create, () =>
          jsonResponse(400, {
            errors: [
              {
                code: 'VALIDATION',
                field: 'assigneeId',
                message: 'The assignee must be an active member of this organization.',
              },
            ],
          }),
        ),
      );
      const { container } = renderCreate();
      const save = await screen.findByRole('button', { name: 'Save' });
      fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Calibrate' } });
      fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Now' } });
      fireEvent.mouseDown(screen.getByLabelText('Assignee'));
      fireEvent.click(await screen.findByText('Uma User (uma@example.com)'));
      await waitFor(() => expect(save).toBeEnabled());
      fireEvent.click(save);
      await waitFor(() =>
        expect(container.querySelector('.ant-form-item-explain-error')).toHaveTextContent(
          /^The assignee must be an active member of this organization\.$/,
        ),
      );
    },
    SLOW,
  );
});

describe('Action detail', () => {
  it(
    'shows every field, edits and saves only when changed',
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      let current = action();
      const puts: unknown[] = [];
      stubActions(
        on(tasks.detail, () => ({ data: current })),
        on(tasks.update, (_, body) => {
          puts.push(body);
          current = { ...current, name: body.name };
          return { data: current, message: 'The action is updated successfully' };
        }),
      );
      const { container } = renderDetail();

      expect(await screen.findByRole('heading', { name: 'Calibrate the scale' })).toBeInTheDocument();
      for (const label of ['System #', 'Creator', 'Creation date', 'Creation time', 'Tags', 'Extra link']) {
        expect(screen.getByText(label)).toBeInTheDocument();
      }
      expect(screen.getByText('7')).toBeInTheDocument();
      expect(screen.getByText('Audit')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'SOP 12' })).toHaveAttribute('href', 'https://example.com/sop');
      expect(screen.getByText('No link.')).toBeInTheDocument();
      const breadcrumb = container.querySelector<HTMLElement>('.ant-breadcrumb')!;
      expect(within(breadcrumb).getByRole('link', { name: 'Actions' })).toHaveAttribute('href', listPath);

      fireEvent.click(screen.getByRole('button', { name: /Edit/ }));
      const save = await screen.findByRole('button', { name: 'Save' });
      expect(save).toBeDisabled();
      expect(screen.getByLabelText('Name')).toHaveValue('Calibrate the scale');
      fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Calibrate both scales' } });
      await waitFor(() => expect(save).toBeEnabled());
      fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Calibrate the scale' } });
      await waitFor(() => expect(save).toBeDisabled());
      fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Calibrate both scales' } });
      await waitFor(() => expect(save).toBeEnabled());
      fireEvent.click(save);

      expect(await screen.findByText('The action is updated successfully')).toBeInTheDocument();
      expect(await screen.findByRole('heading', { name: 'Calibrate both scales' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
      expect(puts).toEqual([
        {
          organizationId: ORG,
          name: 'Calibrate both scales',
          description: 'Before the audit',
          dueDate: '2030-05-01',
          assignerId: ada.id,
          assigneeId: uma.id,
          link: 'https://example.com/sop',
          linkDescription: 'SOP 12',
          extraLink: null,
          extraLinkDescription: null,
          tagIds: [TAG],
          status: 0,
        },
      ]);
    },
    SLOW,
  );

  it(
    `offers the assignee without an edit permission the status alone, and sends the rest as saved ${req('ACT-002')}`,
    async () => {
      sessionStore.start(testUser({ id: uma.id, role: 'User' }), testTokens, false);
      let current = action({ canBeEdited: false, canBeDeleted: false });
      const puts: unknown[] = [];
      stubActions(
        on(tasks.detail, () => ({ data: current })),
        on(tasks.update, (_, body) => {
          puts.push(body);
          current = { ...current, status: 1 };
          return { data: current, message: 'The action is updated successfully' };
        }),
      );
      renderDetail();

      expect(await screen.findByRole('heading', { name: 'Calibrate the scale' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: /Change status/ }));
      const save = await screen.findByRole('button', { name: 'Save' });
      expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
      expect(save).toBeDisabled();
      fireEvent.mouseDown(screen.getByLabelText('Status'));
      fireEvent.click(await screen.findByText('Complete', { selector: '.ant-select-item-option-content' }));
      await waitFor(() => expect(save).toBeEnabled());
      fireEvent.click(save);

      expect(await screen.findByText('The action is updated successfully')).toBeInTheDocument();
      expect(puts).toEqual([
        {
          organizationId: ORG,
          name: 'Calibrate the scale',
          description: 'Before the audit',
          dueDate: '2030-05-01',
          assignerId: ada.id,
          assigneeId: uma.id,
          link: 'https://example.com/sop',
          linkDescription: 'SOP 12',
          extraLink: null,
          extraLinkDescription: null,
          tagIds: [TAG],
          status: 1,
        },
      ]);
      expect(await screen.findByText('Complete', { selector: '.ant-tag' })).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    "goes back to the list when the action can't be loaded",
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      stubActions(on(tasks.list, () => ({ data: [], pagination: { totalCount: 0 } })));
      const view = renderDetail();
      await waitFor(() => expect(view.location()).toBe(listPath));
      // A 404 of the detail reads as a refusal: the server does not tell 'not there' from 'not yours'.
      expect(await screen.findByText('Access denied. Please, contact your support team.')).toBeInTheDocument();
    },
    SLOW,
  );
});
