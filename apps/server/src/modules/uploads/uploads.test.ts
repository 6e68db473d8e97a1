import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { messages } from '@qualis/contract';
import { auditEvents, images, organizationFiles } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createOrganization, createUser, signIn } from '../../test/factories.js';
import { SAMPLES } from '../../test/file-samples.js';
import { multipartFile, PNG_BYTES, withLoneSurrogateName } from '../../test/multipart.js';
import { req } from '../../../../../docs/requirements/req.js';

let t: TestContext;
let headers: Record<string, string>;
let userId: string;
let organizationId: string;
let otherOrganizationId: string;
let inactiveOrganizationId: string;
beforeAll(async () => {
  t = await createTestContext();
  organizationId = (await createOrganization(t.db)).id;
  otherOrganizationId = (await createOrganization(t.db)).id;
  inactiveOrganizationId = (await createOrganization(t.db, { status: 'Inactive' })).id;
  const person = await createUser(t.db, {
    memberOf: [{ organizationId }, { organizationId: inactiveOrganizationId }],
  });
  userId = person.id;
  headers = (await signIn(t.app, person.email)).headers;
});
afterAll(() => t.close());

const upload = (url: string, fileName: string, bytes: Buffer, auth = headers) => {
  const body = multipartFile(fileName, bytes);
  return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...auth, ...body.headers } });
};
const fileUrl = (organization = organizationId) => `/api/v1/upload/file?organizationId=${organization}`;
const uploadFile = (fileName: string, bytes: Buffer, organization = organizationId) =>
  upload(fileUrl(organization), fileName, bytes);

/** Every stored byte file under the data directory, and every row of both tables. */
async function everythingStored() {
  const root = path.join(t.app.ctx.config.dataDir, 'files');
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return {
    onDisk: entries.filter((e) => e.isFile()).length,
    files: (await t.db.select().from(organizationFiles)).length,
    images: (await t.db.select().from(images)).length,
  };
}

/** Runs `send` and asserts it answered `status` with `message` and stored nothing at all. */
async function refusedWithNothingStored(
  send: () => ReturnType<typeof upload>,
  status: number,
  message: string,
): Promise<void> {
  const before = await everythingStored();
  const res = await send();
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().errors[0]).toMatchObject({ message });
  expect(await everythingStored()).toEqual(before);
}

describe('POST /upload/image', () => {
  it('needs a session', async () => {
    expect((await upload('/api/v1/upload/image', 'a.png', PNG_BYTES, {})).statusCode).toBe(401);
  });

  it(`refuses other formats by name and by content, with the spec message, storing nothing ${req('PROF-003')}`, async () => {
    for (const [name, bytes] of [
      ['doc.pdf', SAMPLES.pdf],
      ['fake.png', SAMPLES.exe],
      ['photo.gif', Buffer.from('GIF89a....')],
    ] as const) {
      await refusedWithNothingStored(() => upload('/api/v1/upload/image', name, bytes), 400, messages.imageFormat);
    }
  });

  it(`refuses images over 10 MB with the spec message, storing nothing ${req('PROF-003', 'SET-003')}`, async () => {
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(10 * 1024 * 1024)]);
    await refusedWithNothingStored(() => upload('/api/v1/upload/image', 'big.png', big), 413, messages.imageTooLarge);
  });

  it('refuses a request without a file', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/upload/image', headers, payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].message).toBe(messages.fileMissing);
  });

  it('stores an image with its hash and serves it inertly by id, without a session', async () => {
    const res = await upload('/api/v1/upload/image', 'logo.PNG', PNG_BYTES);
    expect(res.statusCode).toBe(201);
    const { id } = res.json().data;
    const [row] = await t.db.select().from(images).where(eq(images.id, id));
    expect(row).toMatchObject({
      organizationId: null,
      originalName: 'logo.PNG',
      contentType: 'image/png',
      sizeBytes: PNG_BYTES.length,
      sha256: createHash('sha256').update(PNG_BYTES).digest('hex'),
      uploadedBy: userId,
    });

    const image = await t.app.inject({ method: 'GET', url: `/api/v1/images/${id}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-security-policy']).toContain('sandbox');
    expect(image.headers['content-disposition']).toBe(`attachment; filename="logo.PNG"; filename*=UTF-8''logo.PNG`);
    expect(image.rawPayload.equals(PNG_BYTES)).toBe(true);
  });
});

describe('POST /upload/file', () => {
  it('needs a session', async () => {
    const res = await upload(fileUrl(), 'sop.pdf', SAMPLES.pdf, {});
    expect(res.statusCode).toBe(401);
  });

  it('answers 404 for an organization the caller is not in, 422 for an inactive one, storing nothing', async () => {
    await refusedWithNothingStored(
      () => uploadFile('sop.pdf', SAMPLES.pdf, otherOrganizationId),
      404,
      messages.notFound,
    );
    await refusedWithNothingStored(
      () => uploadFile('sop.pdf', SAMPLES.pdf, inactiveOrganizationId),
      422,
      messages.organizationInactive,
    );
  });

  it('needs the organization named', async () => {
    const res = await upload('/api/v1/upload/file', 'sop.pdf', SAMPLES.pdf);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('organizationId');
  });

  it('refuses a request without a file, or with an empty one', async () => {
    await refusedWithNothingStored(
      () => t.app.inject({ method: 'POST', url: fileUrl(), headers, payload: {} }),
      400,
      messages.fileMissing,
    );
    await refusedWithNothingStored(() => uploadFile('empty.txt', Buffer.alloc(0)), 400, messages.fileMissing);
  });

  it(`refuses executables and scripts, whatever their name, storing nothing ${req('FILE-002')}`, async () => {
    for (const [name, bytes] of [
      ['evil.pdf', SAMPLES.exe],
      ['evil.exe', SAMPLES.exe],
      ['tool.docx', SAMPLES.elf],
      ['macro.docm', SAMPLES.docm],
      ['archive.zip', SAMPLES.zip],
      ['drawing.svg', SAMPLES.svg],
      ['drawing.txt', SAMPLES.svg],
      ['page.html', SAMPLES.html],
      // HTML is found by its content (as a browser would sniff it), not by the name.
      ['page.txt', SAMPLES.html],
      ['table.csv', Buffer.from('\uFEFF \n<TABLE><tr><td>1</td></tr></TABLE>')],
      ['note.txt', Buffer.from('<!-- a comment -->\n<p>hello</p>')],
      ['script.js', Buffer.from('alert(1)')],
    ] as const) {
      await refusedWithNothingStored(() => uploadFile(name, bytes), 400, messages.fileTypeNotAllowed);
    }
  });

  it(`refuses a file whose content does not match its name's extension, storing nothing ${req('FILE-002')}`, async () => {
    for (const [name, bytes] of [
      ['report.docx', SAMPLES.pdf],
      ['report.pdf', SAMPLES.text],
      ['photo.png', SAMPLES.odt],
      ['notes.txt', SAMPLES.pdf],
    ] as const) {
      await refusedWithNothingStored(() => uploadFile(name, bytes), 400, messages.fileTypeMismatch);
    }
    await refusedWithNothingStored(
      () => uploadFile('latin1.csv', Buffer.from([0x5a, 0xeb])),
      400,
      messages.fileNotText,
    );
    await refusedWithNothingStored(() => uploadFile('nul.txt', Buffer.from('a\u0000b')), 400, messages.fileNotText);
  });

  it(`refuses files over 30 MB with the spec message, storing nothing ${req('FILE-001')}`, async () => {
    const big = Buffer.concat([SAMPLES.pdf, Buffer.alloc(30 * 1024 * 1024 + 1 - SAMPLES.pdf.length)]);
    await refusedWithNothingStored(() => uploadFile('big.pdf', big), 413, messages.fileTooLarge);
  });

  it('refuses a multipart body cut short or without a boundary with a message, storing nothing', async () => {
    const body = multipartFile('sop.pdf', Buffer.concat([SAMPLES.pdf, Buffer.alloc(64 * 1024)]));
    const cut = body.payload.subarray(0, body.payload.length - 200);
    await refusedWithNothingStored(
      () => t.app.inject({ method: 'POST', url: fileUrl(), payload: cut, headers: { ...headers, ...body.headers } }),
      400,
      messages.uploadUnreadable,
    );
    await refusedWithNothingStored(
      () =>
        t.app.inject({
          method: 'POST',
          url: fileUrl(),
          payload: body.payload,
          headers: { ...headers, 'content-type': 'multipart/form-data' },
        }),
      400,
      messages.uploadUnreadable,
    );
  });

  it(`stores an allowed file in the organization with its SHA-256, size and sniffed type, audited ${req('DOC-021', 'AUD-001')}`, async () => {
    const cases = [
      ['SOP-001.pdf', SAMPLES.pdf, 'application/pdf'],
      ['Form.docx', SAMPLES.docx, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['Legacy.DOC', SAMPLES.cfb, 'application/msword'],
      ['Plan.odt', SAMPLES.odt, 'application/vnd.oasis.opendocument.text'],
      ['grades.csv', SAMPLES.text, 'text/csv; charset=utf-8'],
      ['photo.png', PNG_BYTES, 'image/png'],
    ] as const;
    for (const [name, bytes, contentType] of cases) {
      const res = await uploadFile(name, bytes);
      expect(res.statusCode, res.body).toBe(201);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const data = res.json().data;
      expect(data).toEqual({
        id: expect.any(String),
        organizationId,
        fileName: name,
        fileSize: bytes.length,
        contentType,
        sha256,
        createdAt: expect.any(String),
      });
      const [row] = await t.db
        .select()
        .from(organizationFiles)
        .where(and(eq(organizationFiles.organizationId, organizationId), eq(organizationFiles.id, data.id)));
      expect(row).toMatchObject({
        originalName: name,
        contentType,
        sizeBytes: bytes.length,
        sha256,
        uploadedBy: userId,
      });
      const stored = await fs.readFile(path.join(t.app.ctx.config.dataDir, 'files', row!.storageKey));
      expect(stored.equals(bytes)).toBe(true);
      const [event] = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, data.id));
      expect(event).toMatchObject({
        organizationId,
        actorUserId: userId,
        infoType: 'Files',
        action: 'create',
        after: { fileName: name, contentType, sizeBytes: bytes.length, sha256 },
      });
    }
  });

  it('keeps a file name without its NUL bytes, control characters and direction overrides', async () => {
    const res = await uploadFile('S\u0000OP\u0007.pdf', SAMPLES.pdf);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.fileName).toBe('SOP.pdf');
    // From U+202E on, text shows right to left: 'invoice\u202efdp.exe' looks like 'invoiceexe.pdf'.
    const spoof = await uploadFile('invoice\u202efdp.exe.pdf', SAMPLES.pdf);
    expect(spoof.statusCode, spoof.body).toBe(201);
    expect(spoof.json().data.fileName).toBe('invoicefdp.exe.pdf');
  });

  it('keeps a UTF-16 file name without a lone surrogate (jsonb refuses one in the audit)', async () => {
    const body = multipartFile('SOP.pdf', SAMPLES.pdf);
    const payload = withLoneSurrogateName(body.payload, 'SOP.pdf');
    const res = await t.app.inject({
      method: 'POST',
      url: fileUrl(),
      payload,
      headers: { ...headers, ...body.headers },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.fileName).toBe('SOP.pdf');
  });

  it('shortens a long file name to 255 characters, keeping its extension', async () => {
    const res = await uploadFile(`${'a'.repeat(300)}.pdf`, SAMPLES.pdf);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.fileName).toBe(`${'a'.repeat(251)}.pdf`);
  });

  it('refuses a file sent in another field than `file`, naming the field, storing nothing', async () => {
    for (const url of [fileUrl(), '/api/v1/upload/image']) {
      const body = multipartFile('logo.png', PNG_BYTES, 'attachment');
      const before = await everythingStored();
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: body.payload,
        headers: { ...headers, ...body.headers },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ message: messages.uploadFieldName, field: 'file' });
      expect(await everythingStored()).toEqual(before);
    }
  });

  it(`never serves an organization file by id without a session and an organization check ${req('PERM-008')}`, async () => {
    const res = await uploadFile('scan.png', PNG_BYTES);
    const { id } = res.json().data;
    // Not through the image address (another table), with or without a session.
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/images/${id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/images/${id}`, headers })).statusCode).toBe(404);
    // And no public route of the app takes a file id: only /images/:imageId is public with an id.
    const publicWithId = t.app.routeCatalogue.filter((r) => r.policy === 'public' && r.url.includes(':'));
    expect([...new Set(publicWithId.map((r) => r.url))]).toEqual(['/api/v1/images/:imageId']);
  });
});
