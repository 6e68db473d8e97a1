import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '@qualis/contract';
import { storedFiles } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createUser, signIn } from '../../test/factories.js';
import { multipartFile, PNG_BYTES } from '../../test/multipart.js';

let t: TestContext;
let headers: Record<string, string>;
let userId: string;
beforeAll(async () => {
  t = await createTestContext();
  const person = await createUser(t.db);
  userId = person.id;
  headers = (await signIn(t.app, person.email)).headers;
});
afterAll(() => t.close());

const upload = (url: string, fileName: string, bytes: Buffer, auth = headers) => {
  const body = multipartFile(fileName, bytes);
  return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...auth, ...body.headers } });
};

describe('POST /upload/image', () => {
  it('needs a session', async () => {
    expect((await upload('/api/v1/upload/image', 'a.png', PNG_BYTES, {})).statusCode).toBe(401);
  });

  it('refuses other formats by name and by content, with the spec message', async () => {
    for (const [name, bytes] of [
      ['doc.pdf', Buffer.from('%PDF-1.7 ...')],
      ['fake.png', Buffer.from('MZ this is an executable')],
    ] as const) {
      const res = await upload('/api/v1/upload/image', name, bytes);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: messages.imageFormat,
        field: 'file',
      });
    }
  });

  it('refuses images over 10 MB with the spec message', async () => {
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(10 * 1024 * 1024)]);
    const res = await upload('/api/v1/upload/image', 'big.png', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().errors[0].message).toBe(messages.imageTooLarge);
    expect(await t.db.select().from(storedFiles).where(eq(storedFiles.originalName, 'big.png'))).toHaveLength(0);
  });

  it('refuses a request without a file', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/upload/image', headers, payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].message).toBe(messages.fileMissing);
  });

  it('stores an image and serves it inertly by id', async () => {
    const res = await upload('/api/v1/upload/image', 'logo.PNG', PNG_BYTES);
    expect(res.statusCode).toBe(201);
    const { id } = res.json().data;
    const [row] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, id));
    expect(row).toMatchObject({
      originalName: 'logo.PNG',
      contentType: 'image/png',
      sizeBytes: PNG_BYTES.length,
      uploadedBy: userId,
    });

    const image = await t.app.inject({ method: 'GET', url: `/api/v1/images/${id}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-security-policy']).toContain('sandbox');
    expect(image.headers['content-disposition']).toMatch(/^attachment/);
    expect(image.rawPayload.equals(PNG_BYTES)).toBe(true);
  });
});

describe('POST /upload/file', () => {
  it('stores any file up to 30 MB and refuses larger ones', async () => {
    const ok = await upload('/api/v1/upload/file', 'sop.pdf', Buffer.from('%PDF-1.7 body'));
    expect(ok.statusCode).toBe(201);
    const [row] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, ok.json().data.id));
    expect(row!.contentType).toBe('application/pdf');
    const big = await upload('/api/v1/upload/file', 'big.bin', Buffer.alloc(30 * 1024 * 1024 + 1));
    expect(big.statusCode).toBe(413);
    expect(big.json().errors[0].message).toBe(messages.fileTooLarge);
  });

  it('does not serve files through the image address', async () => {
    const ok = await upload('/api/v1/upload/file', 'notes.txt', Buffer.from('plain text'));
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/images/${ok.json().data.id}` })).statusCode).toBe(404);
  });
});
