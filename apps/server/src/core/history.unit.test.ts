import { describe, expect, it } from 'vitest';
import { changesText, historyIds, readableChanges, type HistoryNames } from './history.js';
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
