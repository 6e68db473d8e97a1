import { describe, expect, it } from 'vitest';
import { changesText, historyAction, historyIds, readableChanges, type HistoryNames } from './history.js';
import { req } from '../../../../docs/requirements/req.js';

const names = (people: [string, string][] = [], files: [string, string][] = []): HistoryNames => ({
  people: new Map(people),
  files: new Map(files),
  documentTypes: new Map([['t1', 'SOP']]),
  tags: new Map(),
  trainings: new Map(),
  groups: new Map(),
});

describe('readableChanges', () => {
  it(`names ids, leaves out what did not change, and reads as one line ${req('AUD-007')}`, () => {
    const changes = readableChanges(
      { reviewerIds: [], fileId: 'f1', requiresTraining: true, status: 'Submitted' },
      { reviewerIds: ['u1', 'u2'], fileId: 'f2', requiresTraining: true, status: 'Submitted' },
      names(
        [
          ['u1', 'Otto Reviewer'],
          ['u2', 'Rita Operator'],
        ],
        [
          ['f1', 'cleaning-v1.pdf'],
          ['f2', 'cleaning-v2.pdf'],
        ],
      ),
    );
    expect(changesText(changes)).toBe(
      'Reviewers: — → Otto Reviewer, Rita Operator; Controlled file: cleaning-v1.pdf → cleaning-v2.pdf',
    );
  });

  it('prefers the name recorded in the event, then today’s, then says the thing was removed', () => {
    const changes = readableChanges(
      null,
      { typeId: 't1', submitterId: 'u1', extraFileIds: ['gone'], names: { u1: 'Otto Reviewer' }, tagIds: [] },
      names([['u1', 'Renamed Since']]),
    );
    expect(changes).toEqual([
      { field: 'typeId', label: 'Document type', before: null, after: 'SOP' },
      { field: 'submitterId', label: 'Responsible', before: null, after: 'Otto Reviewer' },
      { field: 'extraFileIds', label: 'Extra files', before: null, after: '(removed)' },
    ]);
  });

  it('reads references as their description and where they lead, not as JSON', () => {
    const reference = {
      id: 'r1',
      type: null,
      linkedId: null,
      link: 'https://fda.gov/part-11',
      linkDescription: '21 CFR Part 11',
    };
    const changes = readableChanges(
      {},
      { references: [reference, { id: 'r2', link: 'https://iso.org/13485', linkDescription: null }] },
      names(),
    );
    expect(changesText(changes)).toBe('References: 21 CFR Part 11 (https://fda.gov/part-11), https://iso.org/13485');
  });

  it(`prints times in UTC and booleans as Yes/No ${req('AUD-007')}`, () => {
    expect(
      changesText(readableChanges({ isFinal: false }, { isFinal: true, finalAt: '2026-11-25T21:03:00.000Z' }, names())),
    ).toBe('Final: No → Yes; Final at: 2026-11-25 21:03:00 UTC');
  });

  it("calls a training's cycle its round of passes", () => {
    expect(changesText(readableChanges({ cycle: 1 }, { cycle: 2 }, names()))).toBe('Round of passes: 1 → 2');
  });
});

describe('signature events', () => {
  const SIGNATURE_ID = '0b5c7e52-3f4a-4d7e-9a51-2c1f8e0d6b3a';
  const SIGNER_ID = '5d1e9c0a-8b7f-4e2d-a3c6-9f0b1e2d3c4a';
  const people = names([[SIGNER_ID, 'Grace Hopper']], [['f1', 'cleaning-v1.pdf']]);
  const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

  it('reads a signing as its manifestation: no signature id, the signer named once', () => {
    const text = changesText(
      readableChanges(
        null,
        {
          signatureId: SIGNATURE_ID,
          signatureCycle: 1,
          kind: 'review',
          meaning: 'Reviewed',
          signerId: SIGNER_ID,
          signerName: 'Grace Hopper',
          signerEmail: 'grace@acme.test',
          signedAt: '2026-11-26T09:01:02.000Z',
          comment: 'Checked.',
          fileId: 'f1',
          fileSha256: 'ab12',
          passwordConfirmed: true,
          accessCodeConfirmed: false,
        },
        people,
      ),
    );
    expect(text).toBe(
      'Signature cycle: 1; Kind: review; Meaning: Reviewed; Printed name: Grace Hopper; E-mail: grace@acme.test; ' +
        'Signed at: 2026-11-26 09:01:02 UTC; Comment: Checked.; Controlled file: cleaning-v1.pdf; ' +
        'SHA-256 of the signed file: ab12; Password re-entered: Yes; Access code entered: No',
    );
  });

  it("reads a withdrawal's signature as a sentence naming the signer and the file", () => {
    const signature = {
      id: SIGNATURE_ID,
      signatureCycle: 1,
      kind: 'withdrawal',
      meaning: 'Withdrawn',
      signerId: SIGNER_ID,
      signerName: 'Grace Hopper',
      signerEmail: 'grace@acme.test',
      comment: 'Replaced by SOP-14',
      signedAt: '2026-11-26T09:01:02.000Z',
      fileId: 'f1',
      fileSha256: 'ab12',
      passwordConfirmed: true,
    };
    const changes = readableChanges(
      { status: 'Approved', isFinal: true },
      { status: 'Obsolete', isFinal: true, signature, names: { f1: 'cleaning.pdf' } },
      people,
    );
    expect(changesText(changes)).toBe(
      'Status: Approved → Obsolete; Signature: Withdrawn by Grace Hopper (grace@acme.test), 2026-11-26 09:01:02 UTC: ' +
        '“Replaced by SOP-14”; file cleaning.pdf, SHA-256 ab12',
    );
    expect(historyIds([{ before: null, after: { signature } }]).files).toEqual(['f1']);
  });

  it("reads a deleted document's revisions and signatures without ids or JSON", () => {
    const text = changesText(
      readableChanges(
        {
          number: 7,
          creatorId: SIGNER_ID,
          revisions: [{ id: SIGNATURE_ID, revision: 1, status: 'Approved', fileId: 'f1', reviewerIds: [SIGNER_ID] }],
          signatures: [
            {
              id: SIGNATURE_ID,
              meaning: 'Approved',
              signerId: SIGNER_ID,
              signerName: 'Grace Hopper',
              signedAt: '2026-11-26T09:01:02.000Z',
              fileId: 'f1',
            },
          ],
        },
        null,
        people,
      ),
    );
    expect(text).not.toMatch(UUID);
    expect(text).not.toContain('{');
    expect(text).toContain(
      'Revisions: Revision: 1, Status: Approved, Controlled file: cleaning-v1.pdf, Reviewers: Grace Hopper',
    );
    expect(text).toContain('Signatures: Approved by Grace Hopper, 2026-11-26 09:01:02 UTC; file cleaning-v1.pdf');
  });
});

describe('historyAction and codes', () => {
  it('reads actions and a refused signature’s reason as words', () => {
    expect(historyAction('signatureRefused')).toBe('Signature refused');
    expect(historyAction('withdraw')).toBe('Withdrawn (Obsolete)');
    expect(historyAction('roundEnded')).toBe('Round ended');
    expect(changesText(readableChanges(null, { kind: 'approval', reason: 'accessCodeWrong' }, names()))).toBe(
      'Kind: approval; Reason: Wrong access code',
    );
    expect(changesText(readableChanges({ status: 'ToDo' }, { status: 'Complete' }, names()))).toBe(
      'Status: To do → Complete',
    );
  });
});

describe('historyIds', () => {
  it('collects the ids of a page of events by kind, once each', () => {
    const ids = historyIds([
      { before: { reviewerIds: ['u1'] }, after: { reviewerIds: ['u1', 'u2'], typeId: 't1' } },
      { before: null, after: { fileId: 'f1', tagIds: ['g1'], name: 'u3' } },
    ]);
    expect(ids).toEqual({
      people: ['u1', 'u2'],
      files: ['f1'],
      documentTypes: ['t1'],
      tags: ['g1'],
      trainings: [],
      groups: [],
    });
  });
});
