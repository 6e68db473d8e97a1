import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type TrainingRecord } from '@qualis/contract';
import { newId } from '../../core/ids.js';
import { tags } from '../../db/schema/index.js';
import { parseCsv } from '../../test/csv.js';
import { pdfPages, unzipped } from '../../test/exported-files.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { testApi, type Person } from '../../test/api.js';
import {
  createDocument,
  createOrganization,
  createTraining,
  createUser,
  createUserGroup,
  signIn,
  twoOrganizations,
  uploadOrganizationFile,
} from '../../test/factories.js';
import { req } from '../../../../../docs/requirements/req.js';

let t: TestContext;
const { person, call } = testApi(() => t);
let orgA: string;
let admin: Person;
let kim: Person;
let lou: Person;
let outsider: Person;
let hygiene: TrainingRecord;
let gloves: TrainingRecord;
let sopId: string;

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;
const QUIZ = [
  {
    name: 'Which are gloves?',
    answers: [
      { name: 'Nitrile', isCorrect: true },
      { name: 'Paper', isCorrect: false },
    ],
  },
];

/** `by` answers the quiz: `right` picks the correct answer A, else the wrong one B. */
async function attempt(by: Person, rec: TrainingRecord, right: boolean) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/training-records/${rec.id}/pass`,
    headers: by.headers,
    payload: {
      organizationId: orgA,
      acknowledged: true,
      understood: true,
      questions: rec.questions.map((q) => ({
        id: q.id,
        answers: q.answers.map((a) => ({ id: a.id, isSelected: a.number === (right ? 1 : 2) })),
      })),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestContext();
  ({ orgA, admin, outsider } = await twoOrganizations(t, {
    admin: { firstName: 'Ada', lastName: 'Admin' },
    outsider: { firstName: 'Otto', lastName: 'Out' },
  }));
  kim = await person(orgA, 'User', [], { firstName: 'Kim', lastName: 'Kern' });
  lou = await person(orgA, 'User', [], { firstName: 'Lou', lastName: 'Lane' });
  const group = await createUserGroup(t.db, { organizationId: orgA, name: 'Packers', userIds: [lou.id] });
  const sop = await createDocument(t.app, t.db, admin, orgA, { name: 'Glove SOP' });
  sopId = sop.id;
  const fileId = await uploadOrganizationFile(t.app, admin.headers, orgA, 'Glove chart.txt');
  const tagId = newId();
  await t.db.insert(tags).values({ organizationId: orgA, id: tagId, name: 'Hygiene' });
  hygiene = await createTraining(t.app, admin, orgA, { name: 'Hand hygiene', assigneeUserIds: [admin.id] });
  gloves = await createTraining(t.app, admin, orgA, {
    name: 'Gloves',
    dueDate: '2030-03-01',
    assigneeUserIds: [kim.id],
    newAssigneeUserGroupIds: [group.id],
    fileIds: [fileId],
    tagIds: [tagId],
    questions: QUIZ,
    documentModel: { id: sop.id, revision: 1 },
  });
  // Kim reads the quiz as a person who may only pass it: no isCorrect.
  const asKim = await call('GET', `/training-records/${gloves.id}?organizationId=${orgA}`, kim.headers);
  const kimsQuiz = asKim.json().data as TrainingRecord;
  await attempt(kim, kimsQuiz, false);
  await attempt(kim, kimsQuiz, true);
});
afterAll(() => t.close());

const PATHS = ['training-records', 'one-training-record', 'many-training-records'];

describe('training exports', () => {
  it(`need a session, answer 404 in another organization, and hold nothing a person may not see ${req('EXP-005')}`, async () => {
    for (const path of PATHS) {
      const url = `/export/${path}?organizationId=${orgA}`;
      expect((await call('GET', url, {})).statusCode).toBe(401);
      expect((await call('GET', url, outsider.headers)).statusCode).toBe(404);
      // Every member may open the list (no 403): a training not theirs is simply not in the file.
      const hidden = await call('GET', `${url}&selectedIds=${hygiene.id}`, kim.headers);
      expect(hidden.statusCode).toBe(400);
      expect(hidden.json().errors[0].message).toBe(messages.noRecordsToExport);
    }
  });

  it('refuse bad input with a message', async () => {
    for (const path of PATHS) {
      for (const query of ['status=Done', 'selectedIds=not-an-id', 'orderType=sideways']) {
        const res = await call('GET', `/export/${path}?organizationId=${orgA}&${query}`, admin.headers);
        expect(res.statusCode, `${path} ${query}`).toBe(400);
        expect(res.json().errors[0].message).toBeTruthy();
      }
    }
  });

  it('write the list as CSV: default columns by number descending, chosen columns by name, the status filter', async () => {
    const all = await call('GET', `/export/training-records?organizationId=${orgA}`, admin.headers);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.headers['content-disposition']).toContain(`Training-records_version_${admin.email}_`);
    expect(parseCsv(all.body)).toEqual([
      ['System #', 'Name', 'Assignees', 'Status', 'Link', 'Assigner', 'Due date'],
      [String(gloves.number), 'Gloves', 'Kim Kern; Packers', '', '', 'Ada Admin', '2030-03-01'],
      [String(hygiene.number), 'Hand hygiene', 'Ada Admin', 'Pending', '', 'Ada Admin', '2030-06-01'],
    ]);

    const chosen = await call(
      'GET',
      `/export/training-records?organizationId=${orgA}&columns=name&columns=creator&columns=creationDate`,
      admin.headers,
    );
    const today = new Date().toISOString().slice(0, 10);
    expect(parseCsv(chosen.body)).toEqual([
      ['Name', 'Creator', 'Creation date'],
      ['Gloves', 'Ada Admin', today],
      ['Hand hygiene', 'Ada Admin', today],
    ]);

    const checked = await call(
      'GET',
      `/export/training-records?organizationId=${orgA}&columns=name&selectedIds=${hygiene.id}`,
      admin.headers,
    );
    expect(parseCsv(checked.body)).toEqual([['Name'], ['Hand hygiene']]);

    const pending = await call(
      'GET',
      `/export/training-records?organizationId=${orgA}&status=AssignedPending&columns=name&columns=status`,
      admin.headers,
    );
    expect(parseCsv(pending.body)).toEqual([
      ['Name', 'Status'],
      ['Hand hygiene', 'Pending'],
    ]);
    const kimsPassed = await call(
      'GET',
      `/export/training-records?organizationId=${orgA}&status=AssignedPassed&columns=name&columns=status`,
      kim.headers,
    );
    expect(parseCsv(kimsPassed.body)).toEqual([
      ['Name', 'Status'],
      ['Gloves', 'Passed'],
    ]);
    const none = await call(
      'GET',
      `/export/training-records?organizationId=${orgA}&status=AssignedPending`,
      kim.headers,
    );
    expect(none.statusCode).toBe(400);
  });

  it(`print a training for an editor: fields, the quiz with its right answers, each person's attempts, the history by name ${req('EXP-004', 'AUD-007')}`, async () => {
    const pdf = await call(
      'GET',
      `/export/one-training-record?organizationId=${orgA}&selectedIds=${gloves.id}`,
      admin.headers,
    );
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // History lines wrap: compared with single spaces.
    const text = (await pdfPages(pdf.rawPayload)).join('\n').replace(/\s+/g, ' ');
    for (const expected of [
      'Alpha Devices',
      `Training record #${gloves.number}: Gloves`,
      `System #: ${gloves.number}`,
      'Description: Read the procedure and answer the quiz',
      'Due date: 2030-03-01',
      `Assigner: Ada Admin <${admin.email}>`,
      'Glove chart.txt',
      'Tags: Hygiene',
      'Packers (1 member)',
      'Linked document revisions: "Glove SOP" revision 1',
      'Questions (quiz version 1)',
      '1. Which are gloves?',
      'A: Nitrile [correct]',
      'B: Paper',
      `Kim Kern <${kim.email}>`,
      '(attempt 2)',
      'passed · quiz version 1 · no document revision',
      'failed · quiz version 1',
      'Pending',
      `Lou Lane <${lou.email}>`,
      'Attempts: None',
      'History',
      'Created',
      'Assignees: Kim Kern',
      'Groups: Packers',
      // Linked to the SOP's revision, the training carries its controlled file too.
      'Files: procedure.txt, Glove chart.txt',
      'Tags: Hygiene',
      'Document: "Glove SOP"',
      'Failed attempt',
      'Passed',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toMatch(UUID);
    expect(text).toMatch(/Questions: 1\. Which are gloves\? \(A\. Nitrile \[correct\], B\. Paper\)/);
    // The first round of passes, before any linked revision was approved, has no round to name.
    expect(text).not.toMatch(/\bround\b|Passes for/i);
  });

  it('name a new round of passes by the revision whose approval started it, and say that everyone passes again', async () => {
    const released = await call('PATCH', `/documents/${sopId}/revision`, admin.headers, {
      organizationId: orgA,
      revision: 1,
      reason: 'Released',
    });
    expect(released.statusCode, released.body).toBe(200);
    const pdf = await call(
      'GET',
      `/export/one-training-record?organizationId=${orgA}&selectedIds=${gloves.id}`,
      admin.headers,
    );
    const text = (await pdfPages(pdf.rawPayload)).join('\n').replace(/\s+/g, ' ');
    for (const expected of [
      'Passes for: "Glove SOP" revision 1',
      'Passed for "Glove SOP" revision 1',
      'No assignees have passed the training.',
      'New round of passes (everyone passes again)',
      'Round of passes: 1 → 2; Passes for: — → "Glove SOP" revision 1',
    ]) {
      expect(text).toContain(expected);
    }
    // Kim's passes of the first round stay, without a revision.
    expect(text).toContain('passed · quiz version 1 · no document revision');
  });

  it('never shows the right answers to a person who may only pass the training', async () => {
    const pdf = await call('GET', `/export/one-training-record?organizationId=${orgA}`, kim.headers);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = (await pdfPages(pdf.rawPayload)).join('\n').replace(/\s+/g, ' ');
    expect(text).toContain(`Training record #${gloves.number}: Gloves`);
    expect(text).toContain('A: Nitrile');
    expect(text).toContain('Questions: 1. Which are gloves? (A. Nitrile, B. Paper)');
    expect(text).not.toContain('correct');
    expect(text).not.toContain('Hand hygiene');
    expect(text).not.toMatch(UUID);
  });

  it('write a ZIP with one PDF per training, named by System # and name', async () => {
    const zip = await call('GET', `/export/many-training-records?organizationId=${orgA}`, admin.headers);
    expect(zip.statusCode, zip.body).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const entries = await unzipped(zip.rawPayload);
    expect(entries.map((e) => e.name)).toEqual([`${gloves.number} Gloves.pdf`, `${hygiene.number} Hand hygiene.pdf`]);
    const second = (await pdfPages(entries[1]!.bytes)).join('\n');
    expect(second).toContain('No assignees have passed the training.');
    expect(second).toContain(`Ada Admin <${admin.email}>`);
  });

  it('over the stream limit, are made in the background with the status filter and e-mailed as a link', async () => {
    const big = await createTestContext({ smtp: true, env: { RECORD_EXPORT_STREAM_MAX: '1' } });
    try {
      const org = (await createOrganization(big.db)).id;
      const boss = await createUser(big.db, { role: 'Admin', memberOf: [{ organizationId: org }] });
      const headers = (await signIn(big.app, boss.email)).headers;
      const by = { id: boss.id, headers };
      const mine = [
        await createTraining(big.app, by, org, { name: 'First' }),
        await createTraining(big.app, by, org, { name: 'Second' }),
      ];
      const other = await createUser(big.db, { memberOf: [{ organizationId: org }] });
      await createTraining(big.app, by, org, { name: 'Not mine', assigneeUserIds: [other.id] });
      const asked = await big.app.inject({
        method: 'GET',
        url: `/api/v1/export/many-training-records?organizationId=${org}&status=Assigned`,
        headers,
      });
      expect(asked.statusCode, asked.body).toBe(200);
      expect(asked.json().data.message).toBe(messages.reportBeingGenerated);
      await big.runJobs();
      await big.deliverMail();
      const mail = await big.smtp!.waitForMail({ to: boss.email, subject: 'Qualis: your export is ready' });
      const fileId = /\/exports\/([0-9a-f-]{36})/.exec(mail.text)![1]!;
      const file = await big.app.inject({
        method: 'GET',
        url: `/api/v1/export/files/${fileId}?organizationId=${org}`,
        headers,
      });
      expect(file.statusCode, file.body).toBe(200);
      expect((await unzipped(file.rawPayload)).map((e) => e.name)).toEqual([
        `${mine[1]!.number} Second.pdf`,
        `${mine[0]!.number} First.pdf`,
      ]);
    } finally {
      await big.close();
    }
  });
});
