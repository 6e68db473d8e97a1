import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { accountCases } from './cases/accounts.js';
import { actionCases } from './cases/actions.js';
import { auditCases } from './cases/audit.js';
import { documentCases } from './cases/documents.js';
import { exportCases } from './cases/exports.js';
import { hrCases } from './cases/hr.js';
import { organizationCases } from './cases/organizations.js';
import { peopleCases } from './cases/people.js';
import { trainingCases } from './cases/trainings.js';
import { ACTORS, keyOf, matrixContext, routeOf, routesOf, type ActorName, type Route } from './matrix.js';
import { req } from '../../../../../docs/requirements/req.js';

const AREAS = {
  accounts: accountCases,
  organizations: organizationCases,
  people: peopleCases,
  documents: documentCases,
  trainings: trainingCases,
  actions: actionCases,
  hr: hrCases,
  exports: exportCases,
  audit: auditCases,
};
const CASES = Object.values(AREAS).flat();

const context = matrixContext();

describe('authorization matrix', () => {
  it(`has expected cells for every route of the catalogue, and no case for a route that does not exist ${req('PERM-007')}`, () => {
    const { app } = context().t;
    const catalogue = app.routeCatalogue.map(keyOf);
    const covered = new Set(CASES.flatMap((c) => routesOf(app, c).map(keyOf)));
    expect({
      routesWithoutCases: catalogue.filter((key) => !covered.has(key)),
      casesOfUnknownRoutes: [...covered].filter((key) => !catalogue.includes(key)),
    }).toEqual({ routesWithoutCases: [], casesOfUnknownRoutes: [] });
    // Each area's cells are walked by its own test file.
    const withoutFile = Object.keys(AREAS).filter(
      (area) => !fs.existsSync(new URL(`${area}.test.ts`, import.meta.url)),
    );
    expect(withoutFile).toEqual([]);
    const cells = Object.entries(AREAS).map(
      ([area, cases]) => `${area} ${cases.flatMap((c) => routesOf(app, c)).length * ACTORS.length}`,
    );
    const total = CASES.flatMap((c) => routesOf(app, c)).length;
    console.log(
      `authorization matrix: ${total * ACTORS.length} cells (${total} case routes x ${ACTORS.length} callers): ${cells.join(', ')}`,
    );
  });

  it(`decides access before validating input: 401 without a session, 403 on provider-only routes ${req('PERM-007')}`, async () => {
    const { t, f } = context();
    const isPublic = (key: string) => t.app.routeCatalogue.find((r) => keyOf(r) === key)?.policy === 'public';
    const call = (route: Route, actor: ActorName, query?: Record<string, string>) =>
      t.app.inject({
        method: route.method,
        // Every id of the path is invalid; no query and no body unless given.
        url: route.url.replace(/:\w+/g, 'not-an-id'),
        ...(query ? { query } : {}),
        headers: f.sessions[actor],
      });
    const mismatches: string[] = [];
    const expectStatus = async (route: Route, actor: ActorName, status: number, query?: Record<string, string>) => {
      const res = await call(route, actor, query);
      if (res.statusCode !== status) {
        mismatches.push(
          `${keyOf(route)} as ${actor}: expected ${status}, got ${res.statusCode} ${res.body.slice(0, 160)}`,
        );
      }
    };

    // The probe's case: a User asking for the logs report without a date range.
    await expectStatus(routeOf('GET /api/v1/export/Organization-logs'), 'user', 403);
    await expectStatus(routeOf('GET /api/v1/export/Organization-logs'), 'user', 403, { 'DateRange.Start': 'x' });

    // Every route that needs a session says so before it looks at the input.
    const signedInRoutes = t.app.routeCatalogue.filter((r) => !isPublic(keyOf(r)));
    for (const route of signedInRoutes) await expectStatus(route as Route, 'anon', 401);

    // The provider's routes (SuperAdmin only, whatever the organization) refuse everyone else first.
    const providerOnly = CASES.filter(
      (c) =>
        c.expected.sa < 300 &&
        (['admin', 'user56', 'user', 'inactive', 'outsider'] as const).every((a) => c.expected[a] === 403),
    ).flatMap((c) => routesOf(t.app, c));
    expect(providerOnly.map(keyOf)).toContain('GET /api/v1/export/Organization-logs');
    for (const route of providerOnly) {
      for (const actor of ['admin', 'user', 'inactive', 'outsider'] as const) await expectStatus(route, actor, 403);
    }
    expect(mismatches).toEqual([]);
  });
});
