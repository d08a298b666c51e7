import { z } from 'zod';
import { isoDateTime, userRefSchema } from '../common/fields';
import { ERROR_MESSAGES } from '../common/errors';

/** What a timeline entry comes from (spec platform §13.3). */
export const TIMELINE_KINDS = ['audit', 'ticket', 'conversation', 'invoice', 'spend', 'employee', 'sitecheck'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

export const TIMELINE_DEFAULT_LIMIT = 25;
export const TIMELINE_MAX_LIMIT = 100;

const kindList = z
  .string()
  .max(200)
  .refine((value) => value.split(',').every((kind) => (TIMELINE_KINDS as readonly string[]).includes(kind.trim())), {
    message: `Each kind must be one of: ${TIMELINE_KINDS.join(', ')}.`,
  });

const dateOrDateTime = z
  .string()
  .max(40)
  .refine((value) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) && !Number.isNaN(Date.parse(value)), {
    message: 'Enter a valid date or date-time (YYYY-MM-DD or ISO-8601).',
  });

/** `kind=ticket,conversation`, `from`/`to` (inclusive dates or date-times), keyset `cursor`, `limit` (at most 100). */
export const timelineQuerySchema = z.object({
  // Documented as what they are: a comma-separated list of kinds (an array, `style: form,
  // explode: false`), and a date or a date-time.
  kind: kindList
    .optional()
    .describe(`Comma-separated kinds: ${TIMELINE_KINDS.join(', ')}`)
    .meta({ type: 'array', items: { type: 'string', enum: [...TIMELINE_KINDS] }, minItems: 1, maxItems: TIMELINE_KINDS.length, maxLength: undefined }),
  from: dateOrDateTime
    .optional()
    .describe('Entries at or after this date (YYYY-MM-DD) or date-time')
    .meta({ anyOf: [{ format: 'date' }, { format: 'date-time' }] }),
  to: dateOrDateTime
    .optional()
    .describe('Entries at or before this date (the whole day) or date-time')
    .meta({ anyOf: [{ format: 'date' }, { format: 'date-time' }] }),
  cursor: z.string().max(500).optional().describe("A `next` link's cursor"),
  limit: z.string().max(20).regex(/^\d+$/, ERROR_MESSAGES.nonNegativeInteger).optional(),
});
export type TimelineQuery = z.infer<typeof timelineQuerySchema>;

export const timelineEntrySchema = z.object({
  id: z.string().describe('Unique within the timeline: kind and the source row'),
  at: isoDateTime(),
  kind: z.enum(TIMELINE_KINDS),
  title: z.string(),
  summary: z.string(),
  actor: userRefSchema.nullable(),
  link: z.string().nullable().describe("The web app's path of the entry's record"),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/** Cursor pagination (DRF CursorPagination): no count; `next` is null on the last page. */
export const timelinePageSchema = z.object({
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(timelineEntrySchema),
});
export type TimelinePage = z.infer<typeof timelinePageSchema>;
