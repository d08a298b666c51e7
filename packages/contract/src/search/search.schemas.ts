import { z } from 'zod';
import { ERROR_MESSAGES } from '../common/errors';

export const SEARCH_RESULT_TYPES = ['client', 'cost_centre', 'contact_person', 'user', 'ticket', 'article', 'page'] as const;
export type SearchResultType = (typeof SEARCH_RESULT_TYPES)[number];
export const MAX_SEARCH_RESULTS = 20;
export const MAX_SEARCH_QUERY = 200;

export const searchQuerySchema = z.object({
  /** Required; blank (or only spaces) finds nothing. */
  q: z
    .string({ error: ERROR_MESSAGES.required })
    .max(MAX_SEARCH_QUERY, `Ensure this field has no more than ${MAX_SEARCH_QUERY} characters.`),
});

export const searchResultSchema = z.object({
  type: z.enum(SEARCH_RESULT_TYPES),
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  /** The web app's route that opens the result. */
  url: z.string(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchResponseSchema = z.object({ results: z.array(searchResultSchema) });
