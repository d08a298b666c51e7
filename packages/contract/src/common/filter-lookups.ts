/** The list engine's filter lookups (DRF's names), without zod: the web's filter controls import them on a list page's first paint. `list-query.ts` re-exports them. */
export const FILTER_LOOKUPS = [
  'exact',
  'iexact',
  'contains',
  'icontains',
  'startswith',
  'istartswith',
  'endswith',
  'iendswith',
  'in',
  'gt',
  'gte',
  'lt',
  'lte',
  'range',
  'isnull',
] as const;
export type FilterLookup = (typeof FILTER_LOOKUPS)[number];
