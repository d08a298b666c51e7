// Zod compiles object parsers with `new Function` (and probes for it) unless
// told not to, and the app's Content-Security-Policy forbids eval: every page
// would report a violation. The setting must exist before the first schema is
// built, which happens while the bundle's shared chunks evaluate, before any
// code of ours could call z.config(). Zod reads its global configuration from
// globalThis.__zod_globalConfig, so this classic script sets it first.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
