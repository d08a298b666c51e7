import { z } from 'zod';
import { unwrapSchema } from './unwrap-schema';
import { ERROR_MESSAGES } from './errors';
import { DATE_TIME_FORMATS } from './display-values';

/**
 * Query parameters every list endpoint accepts. Values stay strings here; the
 * server's list engine checks them against the resource's declared fields.
 */
/**
 * Each value has a maximum length so that every query the OpenAPI document
 * allows, percent-encoded, fits in the request line the server receives
 * (MAX_HEADER_BYTES in the server's app.ts).
 */
export const listQuery = { maxLength: { ordering: 1000, select: 4000 } } as const;

export const listQuerySchema = z.object({
  limit: z.string().max(20).regex(/^\d+$/, ERROR_MESSAGES.nonNegativeInteger).optional(),
  offset: z.string().max(20).regex(/^\d+$/, ERROR_MESSAGES.nonNegativeInteger).optional(),
  ordering: z.string().max(listQuery.maxLength.ordering).optional(),
  search: z.string().max(500).optional(),
  filters: z
    .string()
    .max(8000)
    .optional()
    .describe('A JSON object of field lookups (`{"name__icontains": "cafe", "status": "ACTIVE"}`), at most 50')
    .meta({ contentMediaType: 'application/json', contentSchema: { type: 'object', maxProperties: 50, propertyNames: { maxLength: 200 } } }),
  select: z.string().max(listQuery.maxLength.select).optional(),
  /** Keyset paging: empty for the first page (links then carry cursors), else a `next`/`previous` link's cursor. */
  cursor: z.string().max(4000).optional(),
  /** With `format=csv`: the header label of each export column, as a JSON object (`{"name":"Client"}`); unnamed columns keep their path. */
  labels: z
    .string()
    .max(4000)
    .optional()
    .meta({
      contentMediaType: 'application/json',
      // The server narrows the names to the list's columns (its `select` values) in the document.
      contentSchema: {
        type: 'object',
        additionalProperties: { type: 'string', maxLength: 200, pattern: '^[^\\u0000-\\u001f\\u007f]*[^\\s\\u0000-\\u001f\\u007f][^\\u0000-\\u001f\\u007f]*$' },
      },
    }),
  values: z
    .enum(['raw', 'display'])
    .optional()
    .describe(
      'With format=csv or xlsx: raw (the default) exports the stored codes (ACTIVE, true, ISO date-times); display exports the values as the web grid shows them (Active, Yes, date-times in `timezone` and `datetime_format`)',
    ),
  timezone: z
    .string()
    .max(64)
    .optional()
    .describe('With values=display: the IANA time zone date-times are shown in (default UTC)')
    // The server checks the name against the runtime's zones: the document names them.
    .meta({ enum: ['UTC', ...Intl.supportedValuesOf('timeZone')] }),
  datetime_format: z
    .enum(DATE_TIME_FORMATS)
    .optional()
    .describe('With values=display: ISO-8601 (the default, 2025-03-14 15:30) or a BCP 47 locale whose medium date and short time are used (en-AU)'),
  format: z
    .enum(['json', 'csv', 'xlsx'])
    .optional()
    .describe(
      'csv (or xlsx) streams every matching row (filters, search, ordering and select apply; limit and offset do not) as an attachment',
    ),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export { FILTER_LOOKUPS, type FilterLookup } from './filter-lookups';
import { FILTER_LOOKUPS, type FilterLookup } from './filter-lookups';

/** Every lookup but `range`, which text does not take. */
const TEXT_LOOKUPS: readonly FilterLookup[] = FILTER_LOOKUPS.filter((lookup) => lookup !== 'range');

/** Field kinds a list resource declares; each kind states which lookups it takes. */
export const FIELD_KIND_LOOKUPS = {
  text: TEXT_LOOKUPS,
  enum: ['exact', 'iexact', 'in', 'isnull'],
  number: ['exact', 'in', 'gt', 'gte', 'lt', 'lte', 'range', 'isnull'],
  decimal: ['exact', 'in', 'gt', 'gte', 'lt', 'lte', 'range', 'isnull'],
  date: ['exact', 'in', 'gt', 'gte', 'lt', 'lte', 'range', 'isnull'],
  datetime: ['exact', 'in', 'gt', 'gte', 'lt', 'lte', 'range', 'isnull'],
  boolean: ['exact', 'isnull'],
  uuid: ['exact', 'in', 'isnull'],
} as const satisfies Record<string, readonly FilterLookup[]>;
export type FieldKind = keyof typeof FIELD_KIND_LOOKUPS;

const SCALAR_TYPES = new Set(['string', 'number', 'boolean', 'enum', 'literal', 'date', 'bigint']);

/**
 * The fields a list may be ordered by (DRF's default): every top-level field of the list item whose
 * value is a scalar (text, number, boolean, choice, date), not a nested object or list. The server's
 * list engine accepts exactly these in `ordering` and the web grid makes exactly these columns
 * sortable, so both read it from the item schema here.
 */
export function orderableFields(itemSchema: z.ZodType): string[] {
  const item = unwrapSchema(itemSchema);
  if (!(item instanceof z.ZodObject)) return [];
  return Object.entries(item.shape as Record<string, z.ZodType>)
    .filter(([, field]) => SCALAR_TYPES.has(unwrapSchema(field)._zod.def.type))
    .map(([name]) => name);
}
