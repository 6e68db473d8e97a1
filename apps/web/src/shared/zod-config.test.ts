import { describe, expect, it } from 'vitest';

describe('zod-config', () => {
  it('makes zod jitless, so it never calls Function (the CSP refuses it)', async () => {
    await import('./zod-config');
    const { config } = await import('zod/v4/core');
    const { z } = await import('zod');
    expect(config().jitless).toBe(true);
    const originalFunction = globalThis.Function;
    const calls: unknown[] = [];
    globalThis.Function = new Proxy(originalFunction, {
      construct: (target, args) => (calls.push(args), Reflect.construct(target, args)),
      apply: (target, self, args) => (calls.push(args), Reflect.apply(target, self, args)),
    });
    try {
      expect(z.object({ name: z.string() }).parse({ name: 'Ada' })).toEqual({ name: 'Ada' });
    } finally {
      globalThis.Function = originalFunction;
    }
    expect(calls).toEqual([]);
  });
});
