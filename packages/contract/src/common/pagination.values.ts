/** Page sizes and the list answer's type without zod, for web pages' first paint; `pagination.ts` re-exports them. */
export type Paginated<T> = { count: number; next: string | null; previous: string | null; results: T[] };

export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;
