// Zod compiles object parsers with `new Function` unless told not to, and probes for it with
// `Function('')` when a schema is built; the app's Content-Security-Policy (script-src 'self')
// refuses both and reports a violation. Zod reads its settings from this global (it is where
// `z.config()` writes); setting it here, first thing in main.tsx, keeps zod itself out of the
// sign-in page's code, and holds before any schema exists. zod-config.test.ts checks zod sees it.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
(holder.__zod_globalConfig ??= {}).jitless = true;
export {};
