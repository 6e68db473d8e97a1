import { describe, expect, it } from 'vitest';
import { listEndpoints } from '@qualis/contract';
import { buildAppWithoutDatabase } from './openapi-document.js';

/** `/user-groups/{id}` and `/user-groups/:groupId` are the same route. */
const shape = (method: string, url: string) =>
  `${method.toUpperCase()} ${url.replace(/\{\w+\}|:\w+/g, '{}').replace(/\/$/, '')}`;

describe('the contract endpoint table', () => {
  it('names only routes the server has', async () => {
    const app = await buildAppWithoutDatabase();
    const routes = new Set(app.routeCatalogue.map((r) => shape(r.method, r.url.replace(/^\/api\/v1/, ''))));
    const endpoints = listEndpoints();
    expect(endpoints.length).toBeGreaterThan(40);
    const missing = endpoints.map((e) => shape(e.method, e.path)).filter((e) => !routes.has(e));
    expect(missing).toEqual([]);
    await app.close();
  });
});
