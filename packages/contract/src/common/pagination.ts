import { z } from 'zod';

export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}

export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type Paginated } from './pagination.values';
