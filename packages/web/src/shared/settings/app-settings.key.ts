/**
 * The query key of the saved app settings, on its own so the theme provider
 * (in the entry chunk) can follow the cached value without importing the
 * identity endpoint schemas; app-settings.queries.ts does the fetching.
 */
export const APP_SETTINGS_KEY = ['identity', 'app-setting'] as const;
