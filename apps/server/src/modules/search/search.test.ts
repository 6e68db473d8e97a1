import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permission, SEARCH_TOTAL_CAP, type GlobalSearchRow } from '@qualis/contract';
import { newId } from '../../core/ids.js';
import { tags } from '../../db/schema/index.js';
import { testApi, type Person } from '../../test/api.js';
import { createDocument, createTraining, twoOrganizations, uploadOrganizationFile } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { req } from '../../../../../docs/requirements/req.js';

let t: TestContext;
const { person, call } = testApi(() => t);
let orgA: string;
let orgB: string;
let admin: Person;
let outsider: Person;

beforeAll(async () => {
  t = await createTestContext();
  ({ orgA, orgB, admin, outsider } = await twoOrganizations(t, { admin: { firstName: 'Ada', lastName: 'Admin' } }));
});
afterAll(() => t.close());

interface Found {
  data: GlobalSearchRow[];
  pagination: { totalCount: number; totalCapped: boolean };
}

async function search(by: Person, text: string, extra = '', organizationId = orgA): Promise<Found> {
  const res = await call(
    'GET',
    `/${organizationId}/global-search?search=${encodeURIComponent(text)}${extra}`,
    by.headers,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Found;
}
const idsOf = (found: Found) => found.data.map((row) => row.id);
const snippetText = (row: GlobalSearchRow | undefined) => row?.snippet.map((p) => p.text).join('') ?? '';
const highlighted = (row: GlobalSearchRow | undefined) => row?.snippet.filter((p) => p.match).map((p) => p.text) ?? [];

/**
 * A file's text as the extraction job stores it (modules/search/file-texts.ts); the job itself
 * has its own tests. Here the text is given, so each case says exactly what a file holds.
 */
async function fileWithText(by: Person, text: string, fileName = 'procedure.pdf.txt') {
  const fileId = await uploadOrganizationFile(t.app, by.headers, orgA, fileName);
  await t.db.execute(sql`insert into file_texts (organization_id, file_id, file_name, status, content, extracted_at)
    values (${orgA}, ${fileId}, ${fileName}, 'extracted', ${text}, now())
    on conflict (organization_id, file_id) do update set status = 'extracted', content = excluded.content,
      extracted_at = now()`);
  return fileId;
}

async function action(
  by: Person,
  values: { name: string; description?: string; assigneeId?: string; tagIds?: string[] },
) {
  const res = await call('POST', '/tasks', by.headers, {
    organizationId: orgA,
    name: values.name,
    description: values.description ?? 'Follow up',
    dueDate: '2031-01-15',
    assignerId: by.id,
    assigneeId: values.assigneeId ?? by.id,
    tagIds: values.tagIds ?? [],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; number: number };
}

async function tag(name: string) {
  const [row] = await t.db.insert(tags).values({ organizationId: orgA, id: newId(), name }).returning();
  return row!.id;
}

describe('GET /{organizationId}/global-search: access', () => {
  it(`needs a session, hides other organizations and refuses bad parameters ${req('SRCH-001', 'PERM-008')}`, async () => {
    expect((await call('GET', `/${orgA}/global-search?search=x`, {})).statusCode).toBe(401);
    expect((await call('GET', `/${orgA}/global-search?search=x`, outsider.headers)).statusCode).toBe(404);
    expect((await call('GET', `/${newId()}/global-search?search=x`, admin.headers)).statusCode).toBe(404);
    const bad: [string, string][] = [
      ['&orderBy=owner', 'orderBy must be relevance, type or name'],
      ['&mode=regex', 'mode must be text or tag'],
      ['&orderDirection=up', 'Sort direction must be asc or desc'],
      ['&limit=0', 'limit must be at least 1'],
      [`&search=${'x'.repeat(201)}`, 'search must be at most 200 characters'],
    ];
    for (const [query, message] of bad) {
      const res = await call('GET', `/${orgA}/global-search?x=1${query}`, admin.headers);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors[0].message).toBe(message);
    }
  });

  it('answers an empty page for an empty search or one without words', async () => {
    expect(await search(admin, '')).toEqual({ data: [], pagination: { totalCount: 0, totalCapped: false } });
    expect(await search(admin, ' "" ')).toEqual({ data: [], pagination: { totalCount: 0, totalCapped: false } });
    expect(await search(admin, '', '&mode=tag')).toEqual({
      data: [],
      pagination: { totalCount: 0, totalCapped: false },
    });
  });
});

describe('GET /{organizationId}/global-search: what it finds', () => {
  it(`finds a document by its Document ID, name, System #, description and the text of its files, linked to the revision ${req('SRCH-001', 'SRCH-002')}`, async () => {
    const controlled = await fileWithText(admin, 'The centrifuge rotor is balanced before each run.');
    const extra = await fileWithText(admin, 'Annex: torque wrench settings for the xylophonic fixture.', 'annex.txt');
    const doc = await createDocument(t.app, t.db, admin, orgA, {
      name: 'Rotor balancing procedure',
      typeDescription: 'SOP-7731',
      revisionDescription: 'Adds the quarterly zymurgy check',
      fileId: controlled,
      extraFileIds: [extra],
    });
    const expectDoc = (found: Found, matchedIn: string) => {
      const row = found.data.find((r) => r.id === doc.id);
      expect(row, JSON.stringify(found.data)).toMatchObject({
        type: 'Document',
        name: 'SOP-7731 Rotor balancing procedure',
        revision: 1,
        number: doc.number,
        link: `/organizations/${orgA}/documents/${doc.id}?revision=1`,
        matchedIn,
      });
      return row!;
    };
    expectDoc(await search(admin, 'balancing'), 'name');
    expectDoc(await search(admin, 'OP-773'), 'name'); // a part of the Document ID (trigrams)
    expectDoc(await search(admin, String(doc.number)), 'name');
    expect(highlighted(expectDoc(await search(admin, 'zymurgy'), 'fields'))).toEqual(['zymurgy']);
    // Every word must match in one place: "rotor" is in the name, but "centrifuge" only in the file.
    expect(highlighted(expectDoc(await search(admin, 'centrifuge rotor'), 'file'))).toEqual(['centrifuge', 'rotor']);
    const fileOnly = expectDoc(await search(admin, '"rotor is balanced"'), 'file');
    expect(fileOnly.matchedFile).toBe('procedure.pdf.txt');
    expect(snippetText(fileOnly)).toContain('centrifuge rotor is balanced');
    expect(highlighted(fileOnly).join(' ')).toContain('rotor');
    expect(expectDoc(await search(admin, 'xylophonic'), 'file').matchedFile).toBe('annex.txt');
  });

  it(`finds actions by number, name and description ${req('SRCH-001')}`, async () => {
    const a = await action(admin, { name: 'Recalibrate the quibblometer', description: 'Use the flumoxed gauge' });
    for (const text of [String(a.number), 'quibblometer', 'quibblo', 'flumoxed']) {
      const found = await search(admin, text);
      expect(idsOf(found), text).toContain(a.id);
      expect(found.data.find((r) => r.id === a.id)).toMatchObject({
        type: 'Action',
        link: `/organizations/${orgA}/tasks/${a.id}`,
        number: a.number,
      });
    }
    expect((await search(admin, 'flumoxed')).data.find((r) => r.id === a.id)?.matchedIn).toBe('fields');
  });

  it(`finds training records by name, description, current question text and file text ${req('SRCH-001', 'SRCH-002')}`, async () => {
    const file = await fileWithText(admin, 'Slides about the wobbegong hazard.', 'slides.txt');
    const training = await createTraining(t.app, admin, orgA, {
      name: 'Cleanroom gowning',
      fileIds: [file],
      questions: [
        {
          name: 'Which glove layer goes on first in the quokka suite?',
          answers: [
            { name: 'Inner nitrile secret', isCorrect: true },
            { name: 'Outer', isCorrect: false },
          ],
        },
      ],
    });
    for (const text of ['gowning', 'quokka', 'wobbegong']) {
      expect(idsOf(await search(admin, text)), text).toContain(training.id);
    }
    // The answers are not searched: they would tell which one is right.
    expect(idsOf(await search(admin, 'nitrile'))).not.toContain(training.id);
    expect((await search(admin, 'quokka')).data.find((r) => r.id === training.id)).toMatchObject({
      type: 'TrainingRecord',
      link: `/organizations/${orgA}/training-records/${training.id}`,
      matchedIn: 'fields',
    });
  });

  it(`finds HR records by the person's name and the text of their CV ${req('SRCH-001', 'SRCH-002')}`, async () => {
    const member = await person(orgA, 'User', [], { firstName: 'Bartholomew', lastName: 'Quillfeather' });
    const hr = await t.db.execute(
      sql`select id from hr_records where organization_id = ${orgA} and user_id = ${member.id}`,
    );
    const hrId = (hr as unknown as { rows: { id: string }[] }).rows[0]!.id;
    const cv = await fileWithText(admin, 'Ten years of lyophilisation experience.', 'cv.txt');
    await t.db.execute(sql`update hr_records set file_id = ${cv} where organization_id = ${orgA} and id = ${hrId}`);
    for (const text of ['Quillfeather', 'bartholo', 'lyophilisation']) {
      expect(
        (await search(admin, text)).data.find((r) => r.id === hrId),
        text,
      ).toMatchObject({
        type: 'HumanResource',
        name: 'Bartholomew Quillfeather',
        link: `/organizations/${orgA}/human-resources/${hrId}`,
      });
    }
  });

  it('ignores accents and case, in the search and in the text', async () => {
    const a = await action(admin, { name: 'Révision du Procédé', description: 'Contrôle qualité' });
    for (const text of ['revision du procede', 'PROCÉDÉ', 'controle QUALITE', 'Procédé']) {
      expect(idsOf(await search(admin, text)), text).toContain(a.id);
    }
  });

  it('ranks a match in the name above a match in the text', async () => {
    const inName = await action(admin, { name: 'Glockenspiel inspection', description: 'Yearly' });
    const inText = await action(admin, { name: 'Yearly inspection', description: 'Covers the glockenspiel' });
    const file = await fileWithText(admin, 'The glockenspiel manual.', 'manual.txt');
    const inFile = await createDocument(t.app, t.db, admin, orgA, { name: 'Music room', fileId: file });
    const found = await search(admin, 'glockenspiel');
    expect(idsOf(found)).toEqual([inName.id, inText.id, inFile.id]);
    expect(found.pagination.totalCount).toBe(3);
    expect(idsOf(await search(admin, 'glockenspiel', '&orderBy=relevance&orderDirection=asc'))).toEqual([
      inFile.id,
      inText.id,
      inName.id,
    ]);
    expect(idsOf(await search(admin, 'glockenspiel', '&orderBy=type'))[0]).toBe(inFile.id);
    expect((await search(admin, 'glockenspiel', '&orderBy=name')).data.map((r) => r.name)).toEqual([
      'Glockenspiel inspection',
      'Music room',
      'Yearly inspection',
    ]);
    const page = await search(admin, 'glockenspiel', '&limit=1&offset=1');
    expect(idsOf(page)).toEqual([inText.id]);
    expect(page.pagination.totalCount).toBe(3);
  });

  it('ranks a short name that is the words above a long one that holds them', async () => {
    const long = await action(admin, {
      name: 'Check the marmalade stock of the kitchen and the marmalade order list before the audit',
    });
    const short = await action(admin, { name: 'Order marmalade' });
    expect(idsOf(await search(admin, 'marmalade'))).toEqual([short.id, long.id]);
  });

  it('ranks a document and a training above the automatic actions that merely mention them (issue 20)', async () => {
    const people = [await person(orgA), await person(orgA), await person(orgA)];
    const ids = people.map((p) => p.id);
    const doc = await createDocument(t.app, t.db, admin, orgA, {
      name: 'Autoclave',
      reviewerIds: ids,
      approverIds: ids,
    });
    const training = await createTraining(t.app, admin, orgA, { name: 'Autoclave', assigneeUserIds: ids });
    const manual = await action(admin, { name: 'Autoclave', description: 'Descale' });
    const found = await search(admin, 'autoclave');
    // The records themselves and the manual action first, then the actions that ask for work on them.
    expect(found.data.length).toBeGreaterThan(6);
    expect(idsOf(found).slice(0, 3).sort()).toEqual([doc.id, training.id, manual.id].sort());
    expect(found.data.slice(3).every((row) => row.type === 'Action')).toBe(true);
    expect(found.pagination.totalCount).toBe(found.data.length);
  });

  it('ranks the record whose name is the whole text first, above one whose name and text repeat its words', async () => {
    const doc = await createDocument(t.app, t.db, admin, orgA, { name: 'Wombat Grooming', typeDescription: 'SOP-77' });
    const training = await createTraining(t.app, admin, orgA, {
      name: 'Wombat Grooming training',
      description: 'Grooming the wombat: grooming order, wombat rules.',
    });
    expect(idsOf(await search(admin, 'wombat grooming')).slice(0, 2)).toEqual([doc.id, training.id]);
  });

  it(`counts at most ${SEARCH_TOTAL_CAP} results, says when there are more, and ranks the best within them ${req('SRCH-004')}`, async () => {
    // As many actions as the cap, each with the word in its text (the fields tier); all but one also
    // hold a second word. Written in one statement: a thousand requests would only cost time.
    await t.db.execute(sql`insert into actions (organization_id, id, number, name, description, due_date,
        assigner_id, assignee_id, creator_id)
      select ${orgA}, gen_random_uuid(), 500000 + i, 'Routine round ' || i,
        'Feed the numbat' || case when i < ${SEARCH_TOTAL_CAP} then ' and the bilby' else '' end,
        '2031-01-15', ${admin.id}, ${admin.id}, ${admin.id}
      from generate_series(1, ${SEARCH_TOTAL_CAP}) i`);
    const below = await search(admin, 'bilby');
    expect(below.pagination).toEqual({ totalCount: SEARCH_TOTAL_CAP - 1, totalCapped: false });
    expect((await search(admin, 'numbat')).pagination).toEqual({ totalCount: SEARCH_TOTAL_CAP, totalCapped: false });

    // One more, written last and matching in its name: past the cap, and first on the page.
    const best = await action(admin, { name: 'Numbat enclosure repair', description: 'Fence' });
    const above = await search(admin, 'numbat');
    expect(above.pagination).toEqual({ totalCount: SEARCH_TOTAL_CAP, totalCapped: true });
    expect(above.data[0]?.id).toBe(best.id);
    expect(above.data[0]?.matchedIn).toBe('name');
    const last = await search(admin, 'numbat', `&limit=10&offset=${SEARCH_TOTAL_CAP - 10}`);
    expect(last.data).toHaveLength(10);
    expect(last.pagination).toEqual({ totalCount: SEARCH_TOTAL_CAP, totalCapped: true });
    expect(idsOf(last)).not.toContain(best.id);
  });

  it(`in tag mode finds every artifact carrying a tag whose name holds the text ${req('SRCH-001')}`, async () => {
    const tagId = await tag('Sterile-Barrier');
    const other = await tag('Packaging');
    const a = await action(admin, { name: 'Seal test', tagIds: [tagId] });
    const d = await createDocument(t.app, t.db, admin, orgA, { name: 'Pouch spec', tagIds: [tagId, other] });
    const training = await createTraining(t.app, admin, orgA, { name: 'Sealing', tagIds: [tagId] });
    const found = await search(admin, 'barrier', '&mode=tag');
    expect(idsOf(found).sort()).toEqual([a.id, d.id, training.id].sort());
    expect(found.data.every((r) => r.matchedIn === 'tag')).toBe(true);
    expect(found.data[0]!.snippet).toEqual([{ text: 'Sterile-Barrier', match: true }]);
    // Text mode does not look at tags.
    expect(idsOf(await search(admin, 'Sterile-Barrier'))).not.toContain(a.id);
  });
});

describe('GET /{organizationId}/global-search: who finds what', () => {
  it(`shows a related-only User the actions and documents they are related to, and never an HR record ${req('SRCH-001')}`, async () => {
    const user = await person(orgA, 'User', [Permission.ViewRelatedActions]);
    const mine = await action(admin, { name: 'Pangolin audit mine', assigneeId: user.id });
    const notMine = await action(admin, { name: 'Pangolin audit theirs' });
    const related = await createDocument(t.app, t.db, admin, orgA, { name: 'Pangolin register', submitterId: user.id });
    const unrelated = await createDocument(t.app, t.db, admin, orgA, { name: 'Pangolin archive' });
    await person(orgA, 'User', [], { firstName: 'Pangolin', lastName: 'Person' });
    const asUser = await search(user, 'pangolin');
    // Theirs: the action assigned to them, the document they are responsible for, and the
    // automatic action that asks them to bring it to release.
    expect(asUser.data.map((r) => `${r.type} ${r.name}`).sort()).toEqual([
      'Action Bring #' + related.number + ' "Pangolin register" revision 1 to release',
      'Action Pangolin audit mine',
      'Document Pangolin register',
    ]);
    expect(idsOf(asUser)).toEqual(expect.arrayContaining([mine.id, related.id]));
    expect(asUser.pagination.totalCount).toBe(3);
    const asAdmin = await search(admin, 'pangolin');
    expect(idsOf(asAdmin)).toEqual(expect.arrayContaining([mine.id, notMine.id, related.id, unrelated.id]));
    expect(asAdmin.data.map((r) => r.type)).toContain('HumanResource');
  });

  it(`finds a related-only User's documents and trainings by every field and file, and nothing of the others' ${req('SRCH-001')}`, async () => {
    const user = await person(orgA, 'User', []);
    const document = async (submitterId?: string) => {
      const file = await fileWithText(admin, 'The axolotl tank is drained weekly.', 'tank.txt');
      const extra = await fileWithText(admin, 'Annex on the mudskipper.', 'annex.txt');
      return createDocument(t.app, t.db, admin, orgA, {
        name: `Salamander care ${newId()}`,
        revisionDescription: 'Covers the hellbender',
        fileId: file,
        extraFileIds: [extra],
        ...(submitterId ? { submitterId } : {}),
      });
    };
    const training = async (assigneeUserIds: string[]) =>
      createTraining(t.app, admin, orgA, {
        name: 'Amphibian handling',
        assigneeUserIds,
        fileIds: [await fileWithText(admin, 'Slides on the caecilian.', 'slides.txt')],
        questions: [
          {
            name: 'Where does the olm live?',
            answers: [
              { name: 'In caves', isCorrect: true },
              { name: 'No', isCorrect: false },
            ],
          },
        ],
      });
    const [mine, theirs] = [await document(user.id), await document()];
    const [assigned, other] = [await training([user.id]), await training([admin.id])];
    const expected: [string, string, string, string][] = [
      ['salamander', mine.id, 'name', theirs.id],
      ['hellbender', mine.id, 'fields', theirs.id],
      ['"tank is drained"', mine.id, 'file', theirs.id],
      ['mudskipper', mine.id, 'file', theirs.id],
      ['amphibian', assigned.id, 'name', other.id],
      ['olm', assigned.id, 'fields', other.id],
      ['caecilian', assigned.id, 'file', other.id],
    ];
    for (const [text, id, matchedIn, hidden] of expected) {
      // Not the automatic action that asks the User to bring their document to release.
      const found = (await search(user, text)).data.filter((row) => row.type !== 'Action');
      expect(
        found.map((row) => [row.id, row.matchedIn]),
        text,
      ).toEqual([[id, matchedIn]]);
      expect(idsOf(await search(admin, text)), text).toEqual(expect.arrayContaining([id, hidden]));
    }
  });

  it('searches the General section only for people who may open it, and shows no snippet of it otherwise', async () => {
    const file = await fileWithText(admin, 'Confidential narwhal tolerances.', 'tolerances.txt');
    const doc = await createDocument(t.app, t.db, admin, orgA, {
      name: 'Narwhal fixture',
      revisionDescription: 'Secret narwhal dimensions',
      fileId: file,
    });
    const withoutSections = await person(orgA, 'User', [Permission.ViewAllDocuments]);
    const withGeneral = await person(orgA, 'User', [
      Permission.ViewAllDocuments,
      Permission.ViewAllDocumentsGeneralSection,
    ]);
    // Found by its name (a list column), but not by what only the General section shows.
    const byName = await search(withoutSections, 'narwhal');
    expect(byName.data.find((r) => r.id === doc.id)).toMatchObject({ matchedIn: 'name', snippet: [] });
    expect(JSON.stringify(byName)).not.toMatch(/Secret|Confidential|tolerances/);
    for (const text of ['tolerances', 'dimensions']) {
      expect(await search(withoutSections, text)).toEqual({
        data: [],
        pagination: { totalCount: 0, totalCapped: false },
      });
      expect(idsOf(await search(withGeneral, text)), text).toContain(doc.id);
    }
  });

  it('finds by the text of controlled and extra files the documents of someone whose hits are checked afterwards', async () => {
    // Every document, but the General section (and so the files) only of those they take part in.
    const reader = await person(orgA, 'User', [
      Permission.ViewAllDocuments,
      Permission.ViewRelatedDocumentsGeneralSection,
    ]);
    const theirs = await createDocument(t.app, t.db, admin, orgA, {
      name: 'Marsupial census',
      fileId: await fileWithText(admin, 'Count every quokka twice.', 'census.txt'),
      extraFileIds: [await fileWithText(admin, 'Annex: the wallaroo tally.', 'tally.txt')],
    });
    const others = await createDocument(t.app, t.db, admin, orgA, {
      name: 'Marsupial feeding',
      fileId: await fileWithText(admin, 'Feed the quokka and the wallaroo.', 'feeding.txt'),
    });
    await t.db.execute(sql`insert into document_participants (organization_id, document_id, user_id)
      values (${orgA}, ${theirs.id}, ${reader.id})`);
    for (const [word, fileName] of [
      ['quokka', 'census.txt'],
      ['wallaroo', 'tally.txt'],
    ] as const) {
      const found = await search(reader, word);
      expect(
        found.data.find((r) => r.id === theirs.id),
        word,
      ).toMatchObject({ matchedIn: 'file', matchedFile: fileName });
      expect(idsOf(found), word).not.toContain(others.id);
      expect(idsOf(await search(admin, word)), word).toEqual(expect.arrayContaining([theirs.id, others.id]));
    }
  });

  it(`shows a User who sees released documents only their final revisions, and an outsider nothing ${req('SRCH-001')}`, async () => {
    const released = await person(orgA, 'User', [
      Permission.ViewApprovedAndRelatedDocuments,
      Permission.ViewRelatedDocumentsGeneralSection,
    ]);
    const draft = await createDocument(t.app, t.db, admin, orgA, { name: 'Ocelot draft' });
    expect(idsOf(await search(released, 'ocelot'))).not.toContain(draft.id);
    expect(idsOf(await search(admin, 'ocelot'))).toContain(draft.id);
    expect((await call('GET', `/${orgA}/global-search?search=ocelot`, outsider.headers)).statusCode).toBe(404);
    expect(await search(outsider, 'ocelot', '', orgB)).toEqual({
      data: [],
      pagination: { totalCount: 0, totalCapped: false },
    });
  });
});
