import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ActionPerson, CompletionProgress, TrainingRecord, TrainingRecordRow } from '@qualis/contract';
import { describe, expect, it } from 'vitest';
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
import { documentDetail } from '../../test/documents';
import { today } from '../actions/action-paths';
import { combineOptions, groupToken, personToken, trainingRequestOf } from './training-form';

/** A journey through lazy pages on a busy machine (see actions.test.tsx). */
const SLOW = 180_000;
const REC = '0190a8e4-0000-7000-8000-000000000101';
const OTHER_REC = '0190a8e4-0000-7000-8000-000000000102';
const GROUP = '0190a8e4-0000-7000-8000-000000000201';
const OTHER_GROUP = '0190a8e4-0000-7000-8000-000000000202';
const FILE = '0190a8e4-0000-7000-8000-000000000301';
const DOC = '0190a8e4-0000-7000-8000-000000000401';
const Q1 = '0190a8e4-0000-7000-8000-000000000501';
const Q2 = '0190a8e4-0000-7000-8000-000000000502';
const docFile = { id: '0190a8e4-0000-7000-8000-000000000302', fileName: 'sop-007.pdf', fileSize: 4096 };
const answerId = (n: number) => `0190a8e4-0000-7000-8000-0000000006${String(n).padStart(2, '0')}`;

const ben: ActionPerson = {
  ...uma,
  id: '0190a8e4-0000-7000-8000-0000000000d2',
  firstName: 'Ben',
  email: 'ben@example.com',
};

/** The quiz as an editor receives it (with `isCorrect`), or as a person who may only pass it. */
const questions = (withCorrect: boolean): TrainingRecord['questions'] =>
  [
    { id: Q1, name: 'What do you put on first?', right: 2, first: 1 },
    { id: Q2, name: 'When do you change gloves?', right: 1, first: 3 },
  ].map((q, i) => ({
    id: q.id,
    name: q.name,
    number: i + 1,
    answers: [1, 2].map((number) => ({
      id: answerId(q.first + number - 1),
      name: `${q.name.slice(0, 4)} answer ${number}`,
      number,
      ...(withCorrect ? { isCorrect: number === q.right } : {}),
    })),
  }));

const training = (overrides: Partial<TrainingRecord> = {}): TrainingRecord => ({
  id: REC,
  number: 12,
  name: 'Cleanroom gowning',
  description: 'How to gown before entering',
  dueDate: '2030-06-01',
  assigner: ada,
  creator: ada,
  createdAt: '2030-04-01T09:30:00.000Z',
  creationDate: '2030-04-01',
  creationTime: '09:30:00',
  assigneeUsers: [uma],
  assigneeUserGroups: [{ id: GROUP, name: 'Cleanroom staff', userCount: 2, users: [uma, ben] }],
  assignees: [uma, ben],
  assigneeCount: 2,
  link: 'https://example.com/sop',
  linkDescription: 'SOP 4',
  extraLink: null,
  extraLinkDescription: null,
  files: [{ id: FILE, fileName: 'gowning.pdf', fileSize: 2048 }],
  questions: questions(true),
  tags: [],
  tagIds: [],
  trainingStatus: null,
  documents: [],
  forRevision: null,
  canBeEdited: true,
  canBePassed: false,
  canBeDeleted: true,
  ...overrides,
});
/** The list's row of `training()`: its groups without members, no quiz, files or assignees. */
const row = (overrides: Partial<TrainingRecordRow> = {}): TrainingRecordRow => {
  const { questions: _q, files: _f, assignees: _a, assigneeUserGroups, ...rest } = training();
  return { ...rest, assigneeUserGroups: assigneeUserGroups.map(({ users: _u, ...group }) => group), ...overrides };
};

const groups = [
  { id: GROUP, name: 'Cleanroom staff', userCount: 2 },
  { id: OTHER_GROUP, name: 'Auditors', userCount: 3 },
];

const common = (route: string) =>
  route === 'GET /api/v1/user-groups'
    ? jsonResponse(200, { data: groups, pagination: { totalCount: groups.length } })
    : organizationAnswer(route);

const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;

/** Chooses options of the assignee picker by their labels. */
async function chooseAssignees(...labels: string[]) {
  fireEvent.mouseDown(screen.getByLabelText('Assignees'));
  for (const label of labels) {
    fireEvent.click(await screen.findByText(label, { selector: '.ant-select-item-option-content' }, SOON));
  }
}

preparePages(
  () => import('../../pages/TrainingRecordsPage'),
  () => import('../../pages/TrainingRecordCreatePage'),
  () => import('../../pages/TrainingRecordDetailPage'),
);

describe('the training form’s values', () => {
  it('shares the 20 assignee options between people and groups, giving one kind what the other does not use', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => i);
    expect(combineOptions(many(20), many(20))).toMatchObject({ people: many(10), groups: many(10) });
    expect(combineOptions(many(3), many(20)).groups).toHaveLength(17);
    expect(combineOptions(many(20), many(2)).people).toHaveLength(18);
  });

  it('keeps the groups a training had by name and adds the others by id', () => {
    const request = trainingRequestOf(
      { assignees: [personToken(uma.id), groupToken(GROUP), groupToken(OTHER_GROUP)] },
      [{ id: GROUP, name: 'Cleanroom staff' }],
    );
    expect(request).toMatchObject({
      assigneeUserIds: [uma.id],
      newAssigneeUserGroupIds: [OTHER_GROUP],
      oldAssigneeUserGroupNames: ['Cleanroom staff'],
    });
  });
});

describe('List of Training Records', () => {
  it(
    'shows the default columns and the viewer’s status; the status filter asks the server; the empty text',
    async () => {
      sessionStore.start(testUser({ id: uma.id, role: 'User' }), testTokens, false);
      const rows = [
        row({ trainingStatus: 0, canBeEdited: false, canBeDeleted: false }),
        row({
          id: OTHER_REC,
          number: 13,
          name: 'Hand hygiene',
          trainingStatus: null,
          assigneeUsers: [uma, ben, ada],
          assigneeUserGroups: groups,
          assigneeCount: 6,
        }),
      ];
      const fetch = stubApi((route, _body, query) => {
        if (route === 'GET /api/v1/training-records') {
          const data = query.get('status') === 'AssignedPending' ? [] : rows;
          return jsonResponse(200, { data, pagination: { totalCount: data.length } });
        }
        if (route === 'GET /api/v1/users/me')
          return jsonResponse(200, { data: { ...EVERY_FLAG, canAddTrainingRecords: false } });
        return common(route) ?? NOT_FOUND();
      });
      renderApp(`/organizations/${ORG}/training-records`);

      expect(await screen.findByText('Cleanroom gowning', {}, LAZY)).toBeTruthy();
      expect(screen.getByText('List of Training Records')).toBeTruthy();
      expect(screen.queryByRole('button', { name: /Add New/ })).toBeNull();
      const headers = screen.getAllByRole('columnheader').map((h) => h.textContent ?? '');
      for (const title of ['System #', 'Name', 'Assignees', 'Status', 'Link', 'Assigner', 'Due date', 'Options']) {
        expect(
          headers.some((h) => h.includes(title)),
          title,
        ).toBe(true);
      }
      for (const hidden of ['Creator', 'Creation date', 'Creation time']) {
        expect(
          headers.some((h) => h.includes(hidden)),
          hidden,
        ).toBe(false);
      }
      const first = screen.getByRole('row', { name: /Cleanroom gowning/ });
      expect(within(first).getByText('Pending', { selector: '.ant-tag' })).toBeTruthy();
      // The people and groups as chosen (a group by name and size), not everyone who has to pass.
      const chips = (r: HTMLElement) => [...r.querySelectorAll('td .ant-flex .ant-tag')].map((tag) => tag.textContent);
      expect(chips(first)).toEqual(['Uma User', 'Cleanroom staff (2)']);
      expect(within(first).getByTitle('Cleanroom staff (users: 2)')).toBeTruthy();
      const second = screen.getByRole('row', { name: /Hand hygiene/ });
      expect(chips(second)).toEqual(['Uma User', 'Ben User', 'Ada Lovelace', '+2 more']);
      fireEvent.mouseEnter(within(second).getByText('+2 more'));
      expect(await screen.findByText('Cleanroom staff (2), Auditors (3)', {}, SOON)).toBeTruthy();
      expect(within(second).queryByText(/Pending|Passed/)).toBeNull();

      expect(within(first).getByRole('button', { name: 'View details: Cleanroom gowning' })).toBeTruthy();
      expect(within(first).queryByRole('button', { name: /^Edit:/ })).toBeNull();
      expect(within(first).queryByRole('button', { name: /^Delete:/ })).toBeNull();

      fireEvent.mouseDown(screen.getByLabelText('Status filter'));
      fireEvent.click(
        await screen.findByText('Assigned Pending', { selector: '.ant-select-item-option-content' }, SOON),
      );
      expect(await screen.findByText('There are no Trainings to display', {}, SOON)).toBeTruthy();
      expect(queryOf(fetch, 'GET', '/training-records').map((q) => q.get('status'))).toEqual([
        'All',
        'AssignedPending',
      ]);
    },
    SLOW,
  );

  it(
    'opens the detail in edit mode from the row’s Edit',
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      stubApi((route) => {
        if (route === 'GET /api/v1/training-records')
          return jsonResponse(200, { data: [row()], pagination: { totalCount: 1 } });
        if (route === `GET /api/v1/training-records/${REC}`) return jsonResponse(200, { data: training() });
        return common(route) ?? NOT_FOUND();
      });
      const view = renderApp(`/organizations/${ORG}/training-records`);
      expect(await screen.findByText('Cleanroom gowning', {}, LAZY)).toBeTruthy();
      expect(screen.getByRole('button', { name: /Add New/ })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Edit: Cleanroom gowning' }));
      await waitFor(() => expect(view.location()).toBe(`/organizations/${ORG}/training-records/${REC}`));
      expect(await screen.findByRole('button', { name: 'Save' }, LAZY)).toBeTruthy();
      // Cancel returns to the view.
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(await screen.findByRole('button', { name: /Edit/ }, SOON)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    },
    SLOW,
  );
});

describe('New Training Record', () => {
  it(
    'keeps Save disabled until valid: assignees, question text, 2 answers at least (their delete disabled at 2), one correct',
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      const posts: unknown[] = [];
      const fetch = stubApi((route, body) => {
        if (route === 'POST /api/v1/training-records') {
          posts.push(body);
          return jsonResponse(201, { data: training(), message: 'The training is created successfully' });
        }
        if (route === 'GET /api/v1/training-records')
          return jsonResponse(200, { data: [row()], pagination: { totalCount: 1 } });
        return common(route) ?? NOT_FOUND();
      });
      const view = renderApp(`/organizations/${ORG}/training-records/create`);

      const save = (await screen.findByRole('button', { name: 'Save' }, LAZY)) as HTMLButtonElement;
      expect(save.disabled).toBe(true);
      expect(screen.getByRole('link', { name: /Back to the list/ }).getAttribute('href')).toBe(
        `/organizations/${ORG}/training-records`,
      );
      expect((screen.getByLabelText('Due date') as HTMLInputElement).value).toBe(today());
      expect(screen.getByText('Ada Lovelace (ada@example.com)')).toBeTruthy();

      fireEvent.change(screen.getByLabelText('Name'), { target: { value: ' Cleanroom gowning ' } });
      fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'How to gown' } });
      expect(save.disabled).toBe(true);
      await chooseAssignees('Uma User (uma@example.com)', 'Cleanroom staff (users: 2)');
      expect(queryOf(fetch, 'GET', '/user-groups').at(-1)?.get('withUsers')).toBe('true');
      await waitFor(() => expect(save.disabled).toBe(false), SOON);

      fireEvent.click(button(/Add question/));
      await waitFor(() => expect(saveButton().disabled).toBe(true), SOON);
      expect(button('Delete answer A of question 1').disabled).toBe(true);
      expect(button('Delete answer B of question 1').disabled).toBe(true);
      fireEvent.change(screen.getByLabelText('Text of question 1'), { target: { value: 'What first?' } });
      fireEvent.change(screen.getByLabelText('Answer A of question 1'), { target: { value: 'Gloves' } });
      fireEvent.change(screen.getByLabelText('Answer B of question 1'), { target: { value: 'Hood' } });
      expect(await screen.findByText('Each question needs at least one correct answer.', {}, SOON)).toBeTruthy();
      expect(saveButton().disabled).toBe(true);

      fireEvent.click(button(/Add answer/));
      expect(button('Delete answer C of question 1').disabled).toBe(false);
      expect(button('Delete answer A of question 1').disabled).toBe(false);
      fireEvent.click(button('Delete answer C of question 1'));
      expect(button('Delete answer A of question 1').disabled).toBe(true);

      fireEvent.click(screen.getByLabelText('Answer B of question 1 is correct'));
      await waitFor(() => expect(saveButton().disabled).toBe(false), SOON);
      expect(screen.queryByText('Each question needs at least one correct answer.')).toBeNull();
      fireEvent.click(saveButton());

      expect(await screen.findByText('The training is created successfully', {}, SOON)).toBeTruthy();
      await waitFor(() => expect(view.location()).toBe(`/organizations/${ORG}/training-records`));
      expect(posts).toHaveLength(1);
      expect(posts[0]).toMatchObject({
        organizationId: ORG,
        name: 'Cleanroom gowning',
        description: 'How to gown',
        dueDate: today(),
        assignerId: me.id,
        assigneeUserIds: [uma.id],
        newAssigneeUserGroupIds: [GROUP],
        fileIds: [],
        tagIds: [],
        link: null,
        questions: [
          {
            name: 'What first?',
            answers: [
              { name: 'Gloves', isCorrect: false },
              { name: 'Hood', isCorrect: true },
            ],
          },
        ],
      });
      expect(posts[0]).not.toHaveProperty('documentModel');
      expect(posts[0]).not.toHaveProperty('oldAssigneeUserGroupNames');
    },
    SLOW,
  );

  it(
    'starts from the document revision it links, says so, and goes back to its Quality Actions',
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      const sop = documentDetail({
        id: DOC,
        typeDescription: 'SOP-007',
        revision: 2,
        file: docFile,
        fileId: docFile.id,
      });
      const posts: unknown[] = [];
      stubApi((route, body) => {
        if (route === 'POST /api/v1/training-records') {
          posts.push(body);
          return jsonResponse(201, { data: training(), message: 'The training is linked to the document' });
        }
        if (route === `GET /api/v1/documents/${DOC}`) return jsonResponse(200, { data: sop });
        return common(route) ?? NOT_FOUND();
      });
      const view = renderApp({
        pathname: `/organizations/${ORG}/training-records/create`,
        state: { documentInfo: { isEdit: true }, document: { id: DOC, revision: 2 } },
      });

      expect(await screen.findByText('Will be linked to SOP-007 revision 2', {}, LAZY)).toBeTruthy();
      expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Cleaning procedure');
      expect((screen.getByLabelText('Link') as HTMLInputElement).value).toBe(
        `/organizations/${ORG}/documents/${DOC}?revision=2`,
      );
      // The revision's controlled file is the trainees' file.
      expect(screen.getByText('sop-007.pdf')).toBeTruthy();
      fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Read revision 2' } });
      await chooseAssignees('Uma User (uma@example.com)');
      await waitFor(() => expect(saveButton().disabled).toBe(false), SOON);
      fireEvent.click(saveButton());

      expect(await screen.findByText('The training is linked to the document', {}, SOON)).toBeTruthy();
      await waitFor(() => expect(view.location()).toBe(`/organizations/${ORG}/documents/${DOC}?revision=2`));
      expect(posts[0]).toMatchObject({
        name: 'Cleaning procedure',
        link: `/organizations/${ORG}/documents/${DOC}?revision=2`,
        linkDescription: 'SOP-007 Cleaning procedure',
        fileIds: [docFile.id],
        documentModel: { id: DOC, revision: 2 },
        assigneeUserIds: [uma.id],
      });
      // Back at the document, its Quality Actions tab is open.
      const quality = await screen.findByRole('tab', { name: 'Quality Actions' }, LAZY);
      expect(quality.getAttribute('aria-selected')).toBe('true');
    },
    SLOW,
  );
});

describe('Training record detail', () => {
  it(
    'passes: Submit waits for every question and both acknowledgements; a failure says so; a pass reloads the progress',
    async () => {
      sessionStore.start(testUser({ id: uma.id, role: 'User' }), testTokens, false);
      let current = training({
        trainingStatus: 0,
        canBeEdited: false,
        canBeDeleted: false,
        canBePassed: true,
        questions: questions(false),
      });
      let passes = 0;
      const puts: unknown[] = [];
      const progress = (): CompletionProgress => {
        const entry = { user: uma, passedAt: null, assignedAt: '2030-04-01T09:30:00.000Z', attempts: [] };
        return passes < 2
          ? { passedTrainingUsers: [], pendingUsers: [entry], canBeEdited: false, canBeDeleted: false }
          : {
              passedTrainingUsers: [{ ...entry, passedAt: '2030-04-02T10:00:00.000Z' }],
              pendingUsers: [],
              canBeEdited: false,
              canBeDeleted: false,
            };
      };
      const fetch = stubApi((route, body) => {
        if (route === `GET /api/v1/training-records/${REC}`) return jsonResponse(200, { data: current });
        if (route === `GET /api/v1/training-records/${REC}/completion-progress`)
          return jsonResponse(200, { data: progress() });
        if (route === `PUT /api/v1/training-records/${REC}/pass`) {
          puts.push(body);
          passes += 1;
          if (passes === 1) {
            return jsonResponse(200, {
              data: current,
              passed: false,
              message: 'You did not pass the training. Please, read the training material and try again.',
            });
          }
          current = { ...current, trainingStatus: 1, canBePassed: false };
          return jsonResponse(200, { data: current, passed: true, message: 'You passed the training.' });
        }
        return common(route) ?? NOT_FOUND();
      });
      const { container } = renderApp(`/organizations/${ORG}/training-records/${REC}`);

      expect(await screen.findByRole('heading', { name: 'Cleanroom gowning' }, LAZY)).toBeTruthy();
      const header = container.querySelector<HTMLElement>('.qualis-page-header')!;
      expect(within(header).getByText('Pending')).toBeTruthy();
      expect(within(header).queryByRole('button', { name: /Delete record/ })).toBeNull();
      expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
      // A person who may only pass never sees which answers are right.
      expect(screen.getByText('What do you put on first?')).toBeTruthy();
      expect(screen.queryByText('correct answer')).toBeNull();

      fireEvent.click(screen.getByRole('tab', { name: 'Completion progress' }));
      expect(await screen.findByText('No assignees have passed the training.', {}, SOON)).toBeTruthy();
      const progressCalls = () => queryOf(fetch, 'GET', `/training-records/${REC}/completion-progress`).length;
      expect(progressCalls()).toBe(1);
      fireEvent.click(screen.getByRole('tab', { name: 'Training record details' }));

      const answerAll = () => {
        fireEvent.click(screen.getByRole('button', { name: /Pass training/ }));
        const submit = button('Submit answers');
        expect(submit.disabled).toBe(true);
        fireEvent.click(screen.getByLabelText('A. What answer 1'));
        fireEvent.click(screen.getByLabelText('B. What answer 2'));
        expect(submit.disabled).toBe(true);
        fireEvent.click(screen.getByLabelText('A. When answer 1'));
        expect(submit.disabled).toBe(true);
        fireEvent.click(screen.getByLabelText(/I have acknowledged and understood/));
        expect(submit.disabled).toBe(true);
        fireEvent.click(screen.getByLabelText(/I may ask my supervisor/));
        expect(submit.disabled).toBe(false);
        fireEvent.click(submit);
      };

      answerAll();
      expect(
        await screen.findByText(
          'You did not pass the training. Please, read the training material and try again.',
          {},
          SOON,
        ),
      ).toBeTruthy();
      expect(screen.getByRole('button', { name: /Pass training/ })).toBeTruthy();
      expect(puts[0]).toEqual({
        organizationId: ORG,
        questions: [
          {
            id: Q1,
            answers: [
              { id: answerId(1), isSelected: true },
              { id: answerId(2), isSelected: true },
            ],
          },
          {
            id: Q2,
            answers: [
              { id: answerId(3), isSelected: true },
              { id: answerId(4), isSelected: false },
            ],
          },
        ],
        acknowledged: true,
        understood: true,
      });

      answerAll();
      expect(await screen.findByText('You passed the training.', {}, SOON)).toBeTruthy();
      expect(await within(header).findByText('Passed', {}, SOON)).toBeTruthy();
      expect(screen.queryByRole('button', { name: /Pass training/ })).toBeNull();
      await waitFor(() => expect(progressCalls()).toBeGreaterThan(1), SOON);
      fireEvent.click(screen.getByRole('tab', { name: 'Completion progress' }));
      expect(await screen.findByText('No assignees are pending.', {}, SOON)).toBeTruthy();
    },
    SLOW,
  );

  it(
    'opens in edit mode by the navigation state; keeps the kept group by name, adds the new one by id',
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      let current = training();
      const puts: unknown[] = [];
      stubApi((route, body) => {
        if (route === `GET /api/v1/training-records/${REC}`) return jsonResponse(200, { data: current });
        if (route === `PUT /api/v1/training-records/${REC}`) {
          puts.push(body);
          current = { ...current, name: (body as { name: string }).name };
          return jsonResponse(200, { data: current, message: 'The training is updated successfully' });
        }
        return common(route) ?? NOT_FOUND();
      });
      renderApp({ pathname: `/organizations/${ORG}/training-records/${REC}`, state: { openEditMode: true } });

      const save = (await screen.findByRole('button', { name: 'Save' }, LAZY)) as HTMLButtonElement;
      expect(save.disabled).toBe(true);
      expect((screen.getByLabelText('System #') as HTMLInputElement).value).toBe('12');
      expect((screen.getByLabelText('System #') as HTMLInputElement).disabled).toBe(true);
      expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Cleanroom gowning');
      expect((screen.getByLabelText('Answer B of question 1 is correct') as HTMLInputElement).checked).toBe(true);
      expect((screen.getByLabelText('Answer A of question 1 is correct') as HTMLInputElement).checked).toBe(false);
      expect(screen.getByText('gowning.pdf')).toBeTruthy();

      fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Cleanroom gowning, 2030' } });
      await chooseAssignees('Auditors (users: 3)');
      await waitFor(() => expect(save.disabled).toBe(false), SOON);
      fireEvent.click(save);

      expect(await screen.findByText('The training is updated successfully', {}, SOON)).toBeTruthy();
      expect(await screen.findByRole('heading', { name: 'Cleanroom gowning, 2030' }, SOON)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
      expect(puts[0]).toMatchObject({
        organizationId: ORG,
        name: 'Cleanroom gowning, 2030',
        assigneeUserIds: [uma.id],
        newAssigneeUserGroupIds: [OTHER_GROUP],
        oldAssigneeUserGroupNames: ['Cleanroom staff'],
        fileIds: [FILE],
        questions: [
          {
            name: 'What do you put on first?',
            answers: [
              { name: 'What answer 1', isCorrect: false },
              { name: 'What answer 2', isCorrect: true },
            ],
          },
          {
            name: 'When do you change gloves?',
            answers: [
              { name: 'When answer 1', isCorrect: true },
              { name: 'When answer 2', isCorrect: false },
            ],
          },
        ],
      });
    },
    SLOW,
  );

  it(
    'shows every field, the empty texts, and deletes the record after the confirmation',
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      const current = training({ files: [], questions: [], assigneeUsers: [], assigneeUserGroups: [], link: null });
      stubApi((route) => {
        if (route === `GET /api/v1/training-records/${REC}`) return jsonResponse(200, { data: current });
        if (route === 'DELETE /api/v1/training-records')
          return jsonResponse(200, { data: { ids: [REC] }, message: 'The Training is deleted' });
        if (route === 'GET /api/v1/training-records')
          return jsonResponse(200, { data: [], pagination: { totalCount: 0 } });
        return common(route) ?? NOT_FOUND();
      });
      const view = renderApp(`/organizations/${ORG}/training-records/${REC}`);

      expect(await screen.findByRole('heading', { name: 'Cleanroom gowning' }, LAZY)).toBeTruthy();
      for (const text of ['No files.', 'No questions.', 'No assignees.']) expect(screen.getByText(text)).toBeTruthy();
      expect(screen.getAllByText('No link.')).toHaveLength(2);
      const breadcrumb = document.querySelector<HTMLElement>('.ant-breadcrumb')!;
      expect(within(breadcrumb).getByRole('link', { name: 'Training records' }).getAttribute('href')).toBe(
        `/organizations/${ORG}/training-records`,
      );

      fireEvent.click(screen.getByRole('button', { name: /Delete record/ }));
      const dialog = await screen.findByRole('dialog', {}, SOON);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('The Training is deleted', {}, SOON)).toBeTruthy();
      await waitFor(() => expect(view.location()).toBe(`/organizations/${ORG}/training-records`));
    },
    SLOW,
  );
});
