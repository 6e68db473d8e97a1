/**
 * One rule the product must keep, as the validation report traces it to the tests that prove it
 * (docs/decisions/0034-validation-evidence.md). Ids are stable: a retired rule keeps its id unused.
 */
export interface Requirement {
  /** Area prefix and number (`SIG-003`), or the regulation's paragraph (`P11-11.10e`, `A11-9`). */
  id: string;
  /** The rule in one sentence. */
  text: string;
  /** 'spec 0N section M', a 21 CFR 11 paragraph, an Annex 11 clause, an ISO 13485 clause, or 'product' (with its issue: 'product (issue 24)'). */
  source: string;
  /** High for anything that touches signatures, the audit trail, access and record retention. */
  risk: Risk;
}

export type Risk = 'high' | 'medium' | 'low';

/** A Part 11 or Annex 11 control: how Qualis meets it and the requirements that show it. */
export interface Control extends Requirement {
  /** How Qualis meets it, in one sentence. */
  how: string;
  /** The requirement ids whose tests are its evidence. */
  shownBy: string[];
}

/** A requirement from its parts, so the catalogue reads as a table. */
export const rule = (id: string, risk: Risk, source: string, text: string): Requirement => ({ id, risk, source, text });
