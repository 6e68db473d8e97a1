import { describe, expect, it } from 'vitest';
import { controls, requirements } from '../../../docs/requirements/index.js';
import { req } from '../../../docs/requirements/req.js';
import { coverage, idsInSource, idsInTitle } from '../../../docs/requirements/tags.js';

// The catalogue (docs/requirements/) and how tests name its entries (decision 0031).

const SOURCE =
  /^(spec 0[123] section \d|21 CFR 11\.\d+(\([a-k]\))?$|Annex 11 §\d+$|ISO 13485 \d|product( \(issue \d+\))?$)/;

describe('the requirements catalogue', () => {
  it('gives each requirement one well-formed id, a sentence, a source and a risk', () => {
    const ids = requirements.map((r) => r.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    for (const r of requirements) {
      expect(r.id, r.id).toMatch(/^([A-Z]+-\d{3}|P11-11\.\d+[a-k]?|A11-\d+)$/);
      expect(r.text, r.id).toMatch(/^[A-Z].+\.$/);
      expect(r.source, r.id).toMatch(SOURCE);
      expect(['high', 'medium', 'low'], r.id).toContain(r.risk);
    }
  });

  it('has the Part 11 and Annex 11 controls, each shown by requirements of the catalogue', () => {
    const part11 = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k'].map((p) => `P11-11.10${p}`);
    const wanted = [...part11, 'P11-11.50', 'P11-11.70', 'P11-11.100', 'P11-11.200', 'P11-11.300'];
    wanted.push(...['4', '7', '9', '10', '12', '14'].map((clause) => `A11-${clause}`));
    expect(controls.map((c) => c.id)).toEqual(wanted);
    const ids = new Set(requirements.map((r) => r.id));
    for (const c of controls) {
      expect(c.shownBy.length, c.id).toBeGreaterThan(0);
      expect(
        c.shownBy.filter((id) => !ids.has(id)),
        c.id,
      ).toEqual([]);
    }
  });
});

// Ids and calls are put together here, so the lint does not read this file as naming them.
const bracket = (id: string) => `[${id}]`;
const REQ = 're' + 'q';

describe('naming requirements in tests', () => {
  it('req() makes the title tags and throws on an unknown id', () => {
    const ids = ['SIG-013', 'P11-11.10e'];
    expect(req(...ids)).toBe(ids.map(bracket).join(' '));
    const unknown = ['SIG', '999'].join('-');
    expect(() => req(unknown)).toThrow('Unknown requirement SIG-999');
    expect(idsInTitle(`signs with the code ${req(...ids)}`)).toEqual(ids);
  });

  it('finds the ids of req() calls and literal tags with their lines', () => {
    const source = `it(\`a \${${REQ}('AUTH-001', "AUTH-002")}\`, ...);\nit('b ${bracket('SIG-013')}', ...);`;
    expect(idsInSource(source)).toEqual([
      { id: 'AUTH-001', line: 1 },
      { id: 'AUTH-002', line: 1 },
      { id: 'SIG-013', line: 2 },
    ]);
  });

  it('lint: an unknown id is an error; an unnamed requirement is untested; a control counts through its requirements', () => {
    const files = [
      { path: 'a.test.ts', text: `it(\`x \${${REQ}('SIG-014')}\`)` },
      { path: 'b.test.ts', text: `it('y ${bracket(['SIG', '404'].join('-'))}')` },
    ];
    const { unknown, untested } = coverage(files, requirements, controls);
    expect(unknown).toEqual(['b.test.ts:1: unknown requirement SIG-404']);
    const untestedIds = untested.map((r) => r.id);
    expect(untestedIds).not.toContain('SIG-014');
    expect(untestedIds).not.toContain('P11-11.50');
    expect(untestedIds).toContain('SIG-013');
  });
});
