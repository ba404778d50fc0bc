/**
 * Zod's object schemas probe whether `new Function` may run, to compile a faster parser. Under
 * the app's Content-Security-Policy (no 'unsafe-eval', docs/decisions.md "Security headers") the
 * probe is refused and reported as a violation, although zod catches it and parses without. Zod
 * reads its settings from this global (shared by every copy of zod on the page); `jitless` skips
 * the probe. Imported first by main.tsx, before any schema exists, without loading zod itself.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;
