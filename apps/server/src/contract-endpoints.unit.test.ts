import { describe, expect, it } from 'vitest';
import { listEndpoints } from '@qualis/contract';
import { buildAppWithoutDatabase } from './openapi-document.js';

describe('the contract endpoint table', () => {
  it('is the one declaration of every API route: each row is served, each route comes from a row', async () => {
    const app = await buildAppWithoutDatabase();
    const served = new Set(app.routeCatalogue.map((route) => route.endpoint));
    const endpoints = listEndpoints();
    expect(endpoints.length).toBeGreaterThan(140);
    expect(endpoints.filter((endpoint) => !served.has(endpoint)).map((e) => `${e.method} ${e.path}`)).toEqual([]);
    // The start refuses a route without a row (core/pipeline.ts); every route of the catalogue has one.
    expect(app.routeCatalogue.filter((route) => !route.endpoint)).toEqual([]);
    await app.close();
  });
});
