import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  endpoints,
  type ActionPerson,
  type CompletionProgress,
  type TrainingRecord,
  type TrainingRecordRow,
} from '@qualis/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import DocumentDetailPage from '../../pages/DocumentDetailPage';
import TrainingRecordCreatePage from '../../pages/TrainingRecordCreatePage';
import TrainingRecordDetailPage from '../../pages/TrainingRecordDetailPage';
import TrainingRecordsPage from '../../pages/TrainingRecordsPage';
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
import { documentDetail } from '../../test/documents';
import { today } from '../actions/action-paths';
import { combineOptions, groupToken, personToken, trainingRequestOf } from './training-form';
import { req } from '../../../../../docs/requirements/req.js';

/** A page's journey on a busy machine. */
const SLOW = 60_000;
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

const records = endpoints.trainingRecords;
/** The organization's answers, its user groups, and `answers` before them. */
const stubTrainings = (...answers: EndpointAnswer[]) =>
  stubEndpoints(
    ...answers,
    on(endpoints.userGroups.list, () => ({ data: groups, pagination: { totalCount: groups.length } })),
    ...organizationEndpoints(),
  );

const LIST = '/organizations/:organizationId/training-records';
const DETAIL = `${LIST}/:recordId`;
const listPath = `/organizations/${ORG}/training-records`;
const detailPath = `${listPath}/${REC}`;
/** The pages of training records, at their routes; `element` is where the test starts. */
const pages: Record<string, ReactNode> = {
  [LIST]: <TrainingRecordsPage />,
  [`${LIST}/create`]: <TrainingRecordCreatePage />,
  [DETAIL]: <TrainingRecordDetailPage />,
};
/** The training records' page at `route`, opened at `path`, leading to the others. */
const renderPage = (route: string, path: string | { pathname: string; state: unknown }) => {
  const { [route]: element, ...others } = pages;
  return renderFeature(element, { route, path, routes: others });
};

const saveButton = () => screen.getByRole('button', { name: 'Save' });
const button = (name: string | RegExp) => screen.getByRole('button', { name });

/** Chooses options of the assignee picker by their labels. */
async function chooseAssignees(...labels: string[]) {
  fireEvent.mouseDown(screen.getByLabelText('Assignees'));
  for (const label of labels) {
    fireEvent.click(await screen.findByText(label, { selector: '.ant-select-item-option-content' }));
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the training form’s values', () => {
  it(`shares the 20 assignee options between people and groups, giving one kind what the other does not use ${req('TRN-008')}`, () => {
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
    `shows the default columns and the viewer’s status; the status filter asks the server; the empty text ${req('TRN-006')}`,
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
      const fetch = stubTrainings(
        on(records.list, (_, _body, query) => {
          const data = query.get('status') === 'AssignedPending' ? [] : rows;
          return { data, pagination: { totalCount: data.length } };
        }),
        on(endpoints.profile.accessFlags, () => ({ data: { ...EVERY_FLAG, canAddTrainingRecords: false } })),
      );
      renderPage(LIST, listPath);

      expect(await screen.findByText('Cleanroom gowning')).toBeInTheDocument();
      expect(screen.getByText('List of Training Records')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Add New/ })).not.toBeInTheDocument();
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
      expect(within(first).getByText('Pending', { selector: '.ant-tag' })).toBeInTheDocument();
      // The people and groups as chosen (a group by name and size), not everyone who has to pass.
      const chips = (r: HTMLElement) => [...r.querySelectorAll('td .ant-flex .ant-tag')].map((tag) => tag.textContent);
      expect(chips(first)).toEqual(['Uma User', 'Cleanroom staff (2)']);
      expect(within(first).getByTitle('Cleanroom staff (users: 2)')).toBeInTheDocument();
      const second = screen.getByRole('row', { name: /Hand hygiene/ });
      expect(chips(second)).toEqual(['Uma User', 'Ben User', 'Ada Lovelace', '+2 more']);
      fireEvent.mouseEnter(within(second).getByText('+2 more'));
      expect(await screen.findByText('Cleanroom staff (2), Auditors (3)')).toBeInTheDocument();
      expect(within(second).queryByText(/Pending|Passed/)).not.toBeInTheDocument();

      expect(within(first).getByRole('button', { name: 'View details: Cleanroom gowning' })).toBeInTheDocument();
      expect(within(first).queryByRole('button', { name: /^Edit:/ })).not.toBeInTheDocument();
      expect(within(first).queryByRole('button', { name: /^Delete:/ })).not.toBeInTheDocument();

      fireEvent.mouseDown(screen.getByLabelText('Status filter'));
      fireEvent.click(await screen.findByText('Assigned Pending', { selector: '.ant-select-item-option-content' }));
      expect(await screen.findByText('There are no Trainings to display')).toBeInTheDocument();
      expect(queriesOf(fetch, records.list).map((q) => q.get('status'))).toEqual(['All', 'AssignedPending']);
    },
    SLOW,
  );

  it(
    'opens the detail in edit mode from the row’s Edit',
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      stubTrainings(
        on(records.list, () => ({ data: [row()], pagination: { totalCount: 1 } })),
        on(records.detail, () => ({ data: training() })),
      );
      const view = renderPage(LIST, listPath);
      expect(await screen.findByText('Cleanroom gowning')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: /Add New/ })).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Edit: Cleanroom gowning' }));
      await waitFor(() => expect(view.location()).toBe(detailPath));
      expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
      // Cancel returns to the view.
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(await screen.findByRole('button', { name: /Edit/ })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    },
    SLOW,
  );
});

describe('New Training Record', () => {
  it(
    `keeps Save disabled until valid: assignees, question text, 2 answers at least (their delete disabled at 2), one correct ${req('TRN-001', 'TRN-002')}`,
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      const posts: unknown[] = [];
      const fetch = stubTrainings(
        on(records.create, (_, body) => {
          posts.push(body);
          return jsonResponse(201, { data: training(), message: 'The training is created successfully' });
        }),
        on(records.list, () => ({ data: [row()], pagination: { totalCount: 1 } })),
      );
      const view = renderPage(`${LIST}/create`, `${listPath}/create`);

      const save = await screen.findByRole('button', { name: 'Save' });
      expect(save).toBeDisabled();
      expect(screen.getByRole('link', { name: /Back to the list/ })).toHaveAttribute(
        'href',
        `/organizations/${ORG}/training-records`,
      );
      expect(screen.getByLabelText('Due date')).toHaveValue(today());
      expect(screen.getByText('Ada Lovelace (ada@example.com)')).toBeInTheDocument();

      fireEvent.change(screen.getByLabelText('Name'), { target: { value: ' Cleanroom gowning ' } });
      fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'How to gown' } });
      expect(save).toBeDisabled();
      await chooseAssignees('Uma User (uma@example.com)', 'Cleanroom staff (users: 2)');
      expect(queriesOf(fetch, endpoints.userGroups.list).at(-1)?.get('withUsers')).toBe('true');
      await waitFor(() => expect(save).toBeEnabled());

      fireEvent.click(button(/Add question/));
      await waitFor(() => expect(saveButton()).toBeDisabled());
      expect(button('Delete answer A of question 1')).toBeDisabled();
      expect(button('Delete answer B of question 1')).toBeDisabled();
      fireEvent.change(screen.getByLabelText('Text of question 1'), { target: { value: 'What first?' } });
      fireEvent.change(screen.getByLabelText('Answer A of question 1'), { target: { value: 'Gloves' } });
      fireEvent.change(screen.getByLabelText('Answer B of question 1'), { target: { value: 'Hood' } });
      expect(await screen.findByText('Each question needs at least one correct answer.')).toBeInTheDocument();
      expect(saveButton()).toBeDisabled();

      fireEvent.click(button(/Add answer/));
      expect(button('Delete answer C of question 1')).toBeEnabled();
      expect(button('Delete answer A of question 1')).toBeEnabled();
      fireEvent.click(button('Delete answer C of question 1'));
      expect(button('Delete answer A of question 1')).toBeDisabled();

      fireEvent.click(screen.getByLabelText('Answer B of question 1 is correct'));
      await waitFor(() => expect(saveButton()).toBeEnabled());
      expect(screen.queryByText('Each question needs at least one correct answer.')).not.toBeInTheDocument();
      fireEvent.click(saveButton());

      expect(await screen.findByText('The training is created successfully')).toBeInTheDocument();
      await waitFor(() => expect(view.location()).toBe(listPath));
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
      stubTrainings(
        on(records.create, (_, body) => {
          posts.push(body);
          return jsonResponse(201, { data: training(), message: 'The training is linked to the document' });
        }),
        on(endpoints.documents.detail, () => ({ data: sop })),
      );
      const view = renderFeature(<TrainingRecordCreatePage />, {
        route: `${LIST}/create`,
        path: {
          pathname: `${listPath}/create`,
          state: { documentInfo: { isEdit: true }, document: { id: DOC, revision: 2 } },
        },
        routes: { '/organizations/:organizationId/documents/:documentId': <DocumentDetailPage /> },
      });

      expect(await screen.findByText('Will be linked to SOP-007 revision 2')).toBeInTheDocument();
      expect(screen.getByLabelText('Name')).toHaveValue('Cleaning procedure');
      expect(screen.getByLabelText('Link')).toHaveValue(`/organizations/${ORG}/documents/${DOC}?revision=2`);
      // The revision's controlled file is the trainees' file.
      expect(screen.getByText('sop-007.pdf')).toBeInTheDocument();
      fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Read revision 2' } });
      await chooseAssignees('Uma User (uma@example.com)');
      await waitFor(() => expect(saveButton()).toBeEnabled());
      fireEvent.click(saveButton());

      expect(await screen.findByText('The training is linked to the document')).toBeInTheDocument();
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
      const quality = await screen.findByRole('tab', { name: 'Quality Actions' });
      expect(quality).toHaveAttribute('aria-selected', 'true');
    },
    SLOW,
  );
});

describe('Training record detail', () => {
  it(
    `pages the completion progress's pending people on their own, titled with the total ${req('TRN-009')}`,
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      const pending = Array.from({ length: 30 }, (_, i) => ({
        user: {
          ...ben,
          id: `0190a8e4-0000-7000-8000-0000000007${String(i).padStart(2, '0')}`,
          lastName: `Pending ${i}`,
        },
        passedAt: null,
        assignedAt: '2030-04-01T09:30:00.000Z',
        attempts: [],
      }));
      const fetch = stubTrainings(
        on(records.detail, () => ({ data: training() })),
        on(records.completionProgress, (_, __, query) => {
          const offset = Number(query.get('pendingOffset'));
          const limit = Number(query.get('limit'));
          return {
            data: {
              passedTrainingUsers: [],
              pendingUsers: pending.slice(offset, offset + limit),
              passedTotalCount: 0,
              pendingTotalCount: pending.length,
              canBeEdited: true,
              canBeDeleted: true,
            },
          };
        }),
      );
      renderPage(DETAIL, detailPath);
      fireEvent.click(await screen.findByRole('tab', { name: 'Completion progress' }));
      expect(await screen.findByText(/Pending 0\b/)).toBeInTheDocument();
      expect(screen.queryByText(/Pending 25\b/)).not.toBeInTheDocument();
      expect(screen.getByRole('heading', { name: /30/ })).toBeInTheDocument();
      fireEvent.click(screen.getByTitle('2'));
      expect(await screen.findByText(/Pending 25\b/)).toBeInTheDocument();
      expect(screen.queryByText(/Pending 0\b/)).not.toBeInTheDocument();
      const last = queriesOf(fetch, records.completionProgress).at(-1)!;
      expect([last.get('limit'), last.get('passedOffset'), last.get('pendingOffset')]).toEqual(['25', '0', '25']);
    },
    SLOW,
  );

  it(
    `passes: Submit waits for every question and both acknowledgements; a failure says so; a pass reloads the progress ${req('TRN-003', 'TRN-004')}`,
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
          ? {
              passedTrainingUsers: [],
              pendingUsers: [entry],
              passedTotalCount: 0,
              pendingTotalCount: 1,
              canBeEdited: false,
              canBeDeleted: false,
            }
          : {
              passedTrainingUsers: [{ ...entry, passedAt: '2030-04-02T10:00:00.000Z' }],
              pendingUsers: [],
              passedTotalCount: 1,
              pendingTotalCount: 0,
              canBeEdited: false,
              canBeDeleted: false,
            };
      };
      const fetch = stubTrainings(
        on(records.detail, () => ({ data: current })),
        on(records.completionProgress, () => ({ data: progress() })),
        on(records.pass, (_, body) => {
          puts.push(body);
          passes += 1;
          if (passes === 1) {
            return {
              data: current,
              passed: false,
              message: 'You did not pass the training. Please, read the training material and try again.',
            };
          }
          current = { ...current, trainingStatus: 1, canBePassed: false };
          return { data: current, passed: true, message: 'You passed the training.' };
        }),
      );
      const { container } = renderPage(DETAIL, detailPath);

      expect(await screen.findByRole('heading', { name: 'Cleanroom gowning' })).toBeInTheDocument();
      const header = container.querySelector<HTMLElement>('.qualis-page-header')!;
      expect(within(header).getByText('Pending')).toBeInTheDocument();
      expect(within(header).queryByRole('button', { name: /Delete record/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
      // A person who may only pass never sees which answers are right.
      expect(screen.getByText('What do you put on first?')).toBeInTheDocument();
      expect(screen.queryByText('correct answer')).not.toBeInTheDocument();

      fireEvent.click(screen.getByRole('tab', { name: 'Completion progress' }));
      expect(await screen.findByText('No assignees have passed the training.')).toBeInTheDocument();
      const progressCalls = () => queriesOf(fetch, records.completionProgress).length;
      expect(progressCalls()).toBe(1);
      fireEvent.click(screen.getByRole('tab', { name: 'Training record details' }));

      const answerAll = () => {
        fireEvent.click(screen.getByRole('button', { name: /Pass training/ }));
        const submit = button('Submit answers');
        expect(submit).toBeDisabled();
        fireEvent.click(screen.getByLabelText('A. What answer 1'));
        fireEvent.click(screen.getByLabelText('B. What answer 2'));
        expect(submit).toBeDisabled();
        fireEvent.click(screen.getByLabelText('A. When answer 1'));
        expect(submit).toBeDisabled();
        fireEvent.click(screen.getByLabelText(/I have acknowledged and understood/));
        expect(submit).toBeDisabled();
        fireEvent.click(screen.getByLabelText(/I may ask my supervisor/));
        expect(submit).toBeEnabled();
        fireEvent.click(submit);
      };

      answerAll();
      expect(
        await screen.findByText('You did not pass the training. Please, read the training material and try again.'),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: /Pass training/ })).toBeInTheDocument();
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
      expect(await screen.findByText('You passed the training.')).toBeInTheDocument();
      expect(await within(header).findByText('Passed')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Pass training/ })).not.toBeInTheDocument();
      await waitFor(() => expect(progressCalls()).toBeGreaterThan(1));
      fireEvent.click(screen.getByRole('tab', { name: 'Completion progress' }));
      expect(await screen.findByText('No assignees are pending.')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'opens in edit mode by the navigation state; keeps the kept group by name, adds the new one by id',
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      let current = training();
      const puts: unknown[] = [];
      stubTrainings(
        on(records.detail, () => ({ data: current })),
        on(records.update, (_, body) => {
          puts.push(body);
          current = { ...current, name: body.name };
          return { data: current, message: 'The training is updated successfully' };
        }),
      );
      renderPage(DETAIL, { pathname: detailPath, state: { openEditMode: true } });

      const save = await screen.findByRole('button', { name: 'Save' });
      expect(save).toBeDisabled();
      expect(screen.getByLabelText('System #')).toHaveValue('12');
      expect(screen.getByLabelText('System #')).toBeDisabled();
      expect(screen.getByLabelText('Name')).toHaveValue('Cleanroom gowning');
      expect(screen.getByLabelText('Answer B of question 1 is correct')).toBeChecked();
      expect(screen.getByLabelText('Answer A of question 1 is correct')).not.toBeChecked();
      expect(screen.getByText('gowning.pdf')).toBeInTheDocument();

      fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Cleanroom gowning, 2030' } });
      await chooseAssignees('Auditors (users: 3)');
      await waitFor(() => expect(save).toBeEnabled());
      fireEvent.click(save);

      expect(await screen.findByText('The training is updated successfully')).toBeInTheDocument();
      expect(await screen.findByRole('heading', { name: 'Cleanroom gowning, 2030' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
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
      stubTrainings(
        on(records.detail, () => ({ data: current })),
        on(records.remove, () => ({ data: { ids: [REC] }, message: 'The Training is deleted' })),
        on(records.list, () => ({ data: [], pagination: { totalCount: 0 } })),
      );
      const view = renderPage(DETAIL, detailPath);

      expect(await screen.findByRole('heading', { name: 'Cleanroom gowning' })).toBeInTheDocument();
      for (const text of ['No files.', 'No questions.', 'No assignees.'])
        expect(screen.getByText(text)).toBeInTheDocument();
      expect(screen.getAllByText('No link.')).toHaveLength(2);
      const breadcrumb = document.querySelector<HTMLElement>('.ant-breadcrumb')!;
      expect(within(breadcrumb).getByRole('link', { name: 'Training records' })).toHaveAttribute('href', listPath);

      fireEvent.click(screen.getByRole('button', { name: /Delete record/ }));
      const dialog = await screen.findByRole('dialog');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('The Training is deleted')).toBeInTheDocument();
      await waitFor(() => expect(view.location()).toBe(listPath));
    },
    SLOW,
  );
});
