/**
 * zod (the contracts of src/shared/contracts) compiles object parsers with `new Function` unless told
 * not to, and probes for it once. The Content-Security-Policy forbids eval, and the probe alone is
 * reported as a `securitypolicyviolation`. The setting is read when a schema is built, so main.tsx
 * imports this module first: every contract module loads later, in lazy chunks.
 *
 * zod keeps its global configuration on `globalThis.__zod_globalConfig` and adopts an object found
 * there; setting it here, rather than calling `config()` from `zod/v4/core`, keeps zod itself out of the
 * first load (about 4 KB gzipped). zod-jitless.test.ts checks that zod still reads it.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
// Mutated, not replaced: a zod already loaded keeps a reference to the object it found.
(holder.__zod_globalConfig ??= {}).jitless = true;
