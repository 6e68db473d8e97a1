import { requirementIds } from './index.js';

/**
 * The requirements a test proves, for its title: `it(\`signs with the access code ${req('SIG-013')}\`)`
 * gives '… [SIG-013]'. An unknown id throws, so a typo fails the test file at once (and
 * `npm run lint:requirements` names it).
 */
export function req(...ids: string[]): string {
  const unknown = ids.filter((id) => !requirementIds.has(id));
  if (unknown.length > 0) throw new Error(`Unknown requirement ${unknown.join(', ')} (docs/requirements/)`);
  return ids.map((id) => `[${id}]`).join(' ');
}
