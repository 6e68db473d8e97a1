import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Action } from '@qualis/contract';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../session/session-store';
import { EVERY_FLAG, jsonResponse, renderApp, stubApi, testTokens, testUser } from '../../test/app';
import {
  ada,
  LAZY,
  me,
  NOT_FOUND,
  ORG,
  organizationAnswer,
  preparePages,
  queryOf,
  SOON,
  uma,
} from '../../test/organization';
import { today } from './action-paths';

const { saveFile } = await import('../../app/save-file');

/**
 * The machine may be busy: a whole journey through a page (two lazy pages, menus, a navigation)
 * took 48-65 s in CI runs while the API suite ran beside it; it gets three minutes.
 */
const SLOW = 180_000;
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

const common = (route: string) => organizationAnswer(route, [{ id: TAG, name: 'Audit' }]);

preparePages(
  () => import('../../pages/ActionsPage'),
  () => import('../../pages/ActionCreatePage'),
  () => import('../../pages/ActionDetailPage'),
);

describe('List of Actions', () => {
  it(
    'shows a spinner, then the empty text; no Add New without canAddTasks',
    async () => {
      sessionStore.start(testUser({ role: 'User' }), testTokens, false);
      let answer: (r: Response) => void = () => undefined;
      const pending = new Promise<Response>((resolve) => (answer = resolve));
      const fetch = vi.fn((input: string, init: RequestInit = {}) => {
        const route = `${init.method ?? 'GET'} ${new URL(input, 'http://x').pathname}`;
        if (route === 'GET /api/v1/tasks') return pending;
        if (route === 'GET /api/v1/users/me')
          return Promise.resolve(jsonResponse(200, { data: { ...EVERY_FLAG, canAddTasks: false } }));
        return Promise.resolve(common(route) ?? NOT_FOUND());
      });
      vi.stubGlobal('fetch', fetch);
      const { container } = renderApp(`/organizations/${ORG}/tasks`);

      expect(await screen.findByText('List of Actions', {}, LAZY)).toBeTruthy();
      await waitFor(() => expect(container.querySelector('.qualis-table .ant-spin-spinning')).not.toBeNull());
      answer(jsonResponse(200, { data: [], pagination: { totalCount: 0 } }));
      expect(await screen.findByText('There are no Actions to display', {}, SOON)).toBeTruthy();
      expect(screen.queryByRole('button', { name: /Add New/ })).toBeNull();
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
      stubApi((route) => {
        if (route === 'GET /api/v1/tasks') return jsonResponse(200, { data: rows, pagination: { totalCount: 2 } });
        if (route === `GET /api/v1/tasks/${OTHER_TASK}/details`) return jsonResponse(200, { data: rows[1] });
        return common(route) ?? NOT_FOUND();
      });
      const view = renderApp(`/organizations/${ORG}/tasks`);

      expect(await screen.findByText('Calibrate the scale', {}, LAZY)).toBeTruthy();
      expect(screen.getByRole('button', { name: /Add New/ })).toBeTruthy();
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
      expect(within(first).getByText('Uma User')).toBeTruthy();
      expect(within(first).getByText('To do')).toBeTruthy();
      expect(within(first).getByRole('link', { name: 'SOP 12' }).getAttribute('href')).toBe('https://example.com/sop');

      expect(within(first).getByRole('button', { name: 'Edit: Calibrate the scale' })).toBeTruthy();
      expect(within(first).getByRole('button', { name: 'Delete: Calibrate the scale' })).toBeTruthy();
      const second = screen.getByRole('row', { name: /Read SOP/ });
      expect(within(second).getByRole('button', { name: 'View details: Read SOP' })).toBeTruthy();
      expect(within(second).queryByRole('button', { name: /^Edit:/ })).toBeNull();
      expect(within(second).queryByRole('button', { name: /^Delete:/ })).toBeNull();

      fireEvent.click(within(screen.getByRole('row', { name: /Read SOP/ })).getByText('Uma User'));
      await waitFor(() => expect(view.location()).toBe(`/organizations/${ORG}/tasks/${OTHER_TASK}`));
    },
    SLOW,
  );

  it(
    'deletes the checked rows after the confirmation',
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      let rows = [action(), action({ id: OTHER_TASK, number: 8, name: 'Read SOP' })];
      const fetch = stubApi((route) => {
        if (route === 'GET /api/v1/tasks')
          return jsonResponse(200, { data: rows, pagination: { totalCount: rows.length } });
        if (route === 'DELETE /api/v1/tasks') {
          rows = [];
          return jsonResponse(200, { data: { ids: [TASK, OTHER_TASK] }, message: 'The action is deleted' });
        }
        return common(route) ?? NOT_FOUND();
      });
      renderApp(`/organizations/${ORG}/tasks`);

      expect(await screen.findByText('Read SOP', {}, LAZY)).toBeTruthy();
      expect(screen.queryByRole('button', { name: /Delete selected/ })).toBeNull();
      fireEvent.click(screen.getByLabelText('Select all rows on this page'));
      fireEvent.click(await screen.findByRole('button', { name: /Delete selected \(2\)/ }, SOON));
      const dialog = await screen.findByRole('dialog', {}, SOON);
      expect(within(dialog).getByText(/Delete 2 action/)).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

      expect(await screen.findByText('The action is deleted', {}, SOON)).toBeTruthy();
      const [query] = queryOf(fetch, 'DELETE', '/tasks');
      expect(query!.getAll('ids').sort()).toEqual([TASK, OTHER_TASK].sort());
      expect(query!.get('organizationId')).toBe(ORG);
      expect(await screen.findByText('There are no Actions to display', {}, SOON)).toBeTruthy();
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
      const fetch = stubApi((route) => {
        if (route === 'GET /api/v1/tasks')
          return jsonResponse(200, { data: [action()], pagination: { totalCount: 1 } });
        if (route === 'GET /api/v1/export/many-Tasks') {
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
        }
        return common(route) ?? NOT_FOUND();
      });
      renderApp(`/organizations/${ORG}/tasks`);
      expect(await screen.findByText('Calibrate the scale', {}, LAZY)).toBeTruthy();

      fireEvent.click(screen.getByRole('button', { name: /Export/ }));
      fireEvent.click(await screen.findByText('PDF archive', {}, SOON));
      await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
      expect(vi.mocked(saveFile).mock.calls[0]![1]).toBe('Tasks_version_ada.zip');

      large = true;
      fireEvent.click(screen.getByRole('button', { name: /Export/ }));
      fireEvent.click(await screen.findByText('PDF archive', {}, SOON));
      expect(await screen.findByText('Your report is being generated, please, wait.', {}, SOON)).toBeTruthy();
      expect(saveFile).toHaveBeenCalledTimes(1);
      const [query] = queryOf(fetch, 'GET', '/export/many-Tasks');
      expect(query!.get('organizationId')).toBe(ORG);
    },
    SLOW,
  );
});

describe('New Action', () => {
  it(
    'defaults the due date to today and the assigner to me, refuses a non-http link, and creates',
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      const posts: unknown[] = [];
      stubApi((route, body) => {
        if (route === 'POST /api/v1/tasks') {
          posts.push(body);
          return jsonResponse(201, { data: action(), message: 'Your action is created' });
        }
        if (route === 'GET /api/v1/tasks')
          return jsonResponse(200, { data: [action()], pagination: { totalCount: 1 } });
        return common(route) ?? NOT_FOUND();
      });
      const view = renderApp(`/organizations/${ORG}/tasks/create`);

      const save = (await screen.findByRole('button', { name: 'Save' }, LAZY)) as HTMLButtonElement;
      expect(save.disabled).toBe(true);
      expect((screen.getByLabelText('Due date') as HTMLInputElement).value).toBe(today());
      expect(screen.getByText('Ada Lovelace (ada@example.com)')).toBeTruthy();

      // Required fields: blanks get the contract's message.
      fireEvent.change(screen.getByLabelText('Name'), { target: { value: '   ' } });
      expect(await screen.findByText('This field is required', {}, SOON)).toBeTruthy();
      fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  Calibrate the scale ' } });
      fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Before the audit' } });

      fireEvent.mouseDown(screen.getByLabelText('Assignee'));
      fireEvent.click(await screen.findByText('Uma User (uma@example.com)', {}, SOON));

      fireEvent.change(screen.getByLabelText('Link'), { target: { value: 'ftp://example.com/sop' } });
      expect(await screen.findByText('A link must start with http:// or https://', {}, SOON)).toBeTruthy();
      expect(save.disabled).toBe(true);
      fireEvent.change(screen.getByLabelText('Link'), { target: { value: 'https://example.com/sop' } });
      fireEvent.change(screen.getByLabelText('Link description'), { target: { value: 'SOP 12' } });

      fireEvent.mouseDown(screen.getByLabelText('Tags'));
      fireEvent.click(await screen.findByText('Audit', { selector: '.ant-select-item-option-content' }, SOON));

      await waitFor(() => expect(save.disabled).toBe(false), SOON);
      fireEvent.click(save);

      expect(await screen.findByText('Your action is created', {}, SOON)).toBeTruthy();
      await waitFor(() => expect(view.location()).toBe(`/organizations/${ORG}/tasks`));
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
      stubApi((route) => {
        if (route === 'POST /api/v1/tasks')
          return jsonResponse(400, {
            errors: [
              {
                code: 'VALIDATION',
                field: 'assigneeId',
                message: 'The assignee must be an active member of this organization.',
              },
            ],
          });
        return common(route) ?? NOT_FOUND();
      });
      const { container } = renderApp(`/organizations/${ORG}/tasks/create`);
      const save = (await screen.findByRole('button', { name: 'Save' }, LAZY)) as HTMLButtonElement;
      fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Calibrate' } });
      fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Now' } });
      fireEvent.mouseDown(screen.getByLabelText('Assignee'));
      fireEvent.click(await screen.findByText('Uma User (uma@example.com)', {}, SOON));
      await waitFor(() => expect(save.disabled).toBe(false), SOON);
      fireEvent.click(save);
      await waitFor(
        () =>
          expect(container.querySelector('.ant-form-item-explain-error')?.textContent).toBe(
            'The assignee must be an active member of this organization.',
          ),
        SOON,
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
      stubApi((route, body) => {
        if (route === `GET /api/v1/tasks/${TASK}/details`) return jsonResponse(200, { data: current });
        if (route === `PUT /api/v1/tasks/${TASK}/details`) {
          puts.push(body);
          current = { ...current, name: (body as { name: string }).name };
          return jsonResponse(200, { data: current, message: 'The action is updated successfully' });
        }
        return common(route) ?? NOT_FOUND();
      });
      const { container } = renderApp(`/organizations/${ORG}/tasks/${TASK}`);

      expect(await screen.findByRole('heading', { name: 'Calibrate the scale' }, LAZY)).toBeTruthy();
      for (const label of ['System #', 'Creator', 'Creation date', 'Creation time', 'Tags', 'Extra link']) {
        expect(screen.getByText(label)).toBeTruthy();
      }
      expect(screen.getByText('7')).toBeTruthy();
      expect(screen.getByText('Audit')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'SOP 12' }).getAttribute('href')).toBe('https://example.com/sop');
      expect(screen.getByText('No link.')).toBeTruthy();
      const breadcrumb = container.querySelector<HTMLElement>('.ant-breadcrumb')!;
      expect(within(breadcrumb).getByRole('link', { name: 'Actions' }).getAttribute('href')).toBe(
        `/organizations/${ORG}/tasks`,
      );

      fireEvent.click(screen.getByRole('button', { name: /Edit/ }));
      const save = (await screen.findByRole('button', { name: 'Save' }, SOON)) as HTMLButtonElement;
      expect(save.disabled).toBe(true);
      expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Calibrate the scale');
      fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Calibrate both scales' } });
      await waitFor(() => expect(save.disabled).toBe(false), SOON);
      fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Calibrate the scale' } });
      await waitFor(() => expect(save.disabled).toBe(true), SOON);
      fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Calibrate both scales' } });
      await waitFor(() => expect(save.disabled).toBe(false), SOON);
      fireEvent.click(save);

      expect(await screen.findByText('The action is updated successfully', {}, SOON)).toBeTruthy();
      expect(await screen.findByRole('heading', { name: 'Calibrate both scales' }, SOON)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
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
    'offers the assignee without an edit permission the status alone, and sends the rest as saved',
    async () => {
      sessionStore.start(testUser({ id: uma.id, role: 'User' }), testTokens, false);
      let current = action({ canBeEdited: false, canBeDeleted: false });
      const puts: unknown[] = [];
      stubApi((route, body) => {
        if (route === `GET /api/v1/tasks/${TASK}/details`) return jsonResponse(200, { data: current });
        if (route === `PUT /api/v1/tasks/${TASK}/details`) {
          puts.push(body);
          current = { ...current, status: 1 };
          return jsonResponse(200, { data: current, message: 'The action is updated successfully' });
        }
        return common(route) ?? NOT_FOUND();
      });
      renderApp(`/organizations/${ORG}/tasks/${TASK}`);

      expect(await screen.findByRole('heading', { name: 'Calibrate the scale' }, LAZY)).toBeTruthy();
      expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: /Change status/ }));
      const save = (await screen.findByRole('button', { name: 'Save' }, SOON)) as HTMLButtonElement;
      expect(screen.queryByLabelText('Name')).toBeNull();
      expect(save.disabled).toBe(true);
      fireEvent.mouseDown(screen.getByLabelText('Status'));
      fireEvent.click(await screen.findByText('Complete', { selector: '.ant-select-item-option-content' }, SOON));
      await waitFor(() => expect(save.disabled).toBe(false), SOON);
      fireEvent.click(save);

      expect(await screen.findByText('The action is updated successfully', {}, SOON)).toBeTruthy();
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
      expect(await screen.findByText('Complete', { selector: '.ant-tag' }, SOON)).toBeTruthy();
    },
    SLOW,
  );

  it(
    "goes back to the list when the action can't be loaded",
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      stubApi((route) => {
        if (route === 'GET /api/v1/tasks') return jsonResponse(200, { data: [], pagination: { totalCount: 0 } });
        return common(route) ?? NOT_FOUND();
      });
      const view = renderApp(`/organizations/${ORG}/tasks/${TASK}`);
      await waitFor(() => expect(view.location()).toBe(`/organizations/${ORG}/tasks`), LAZY);
      // A 404 of the detail reads as a refusal: the server does not tell 'not there' from 'not yours'.
      expect(await screen.findByText('Access denied. Please, contact your support team.', {}, SOON)).toBeTruthy();
    },
    SLOW,
  );
});
