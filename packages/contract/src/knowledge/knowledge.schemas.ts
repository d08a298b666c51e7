import { z } from 'zod';
import { isoDate, isoDateTime, requiredText, userRefSchema, uuid } from '../common/fields';
import { ERROR_MESSAGES, invalidChoice } from '../common/errors';
import { jsonDocumentLimited, jsonDocumentSchema } from '../helpdesk/helpdesk.schemas';

/** The knowledge base (spec platform §14.2): categories, articles with versions, audiences and acknowledgements. */

export const ARTICLE_STATUSES = ['DRAFT', 'PUBLISHED', 'ARCHIVED'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];
export const ARTICLE_TITLE_MAX = 200;
export const CATEGORY_NAME_MAX = 100;
/** Ids an audience list names at most. */
export const AUDIENCE_IDS_MAX = 200;
export const MAX_SUGGESTIONS = 5;
export const SUGGEST_QUERY_MAX = 200;

const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string({ error: ERROR_MESSAGES.required })
    .pipe(z.enum(values, { error: (issue) => invalidChoice(issue.input) }))
    .meta({ enum: [...values] });

/** What an article's image may be (its content decides, not its name). */
export const ARTICLE_IMAGE_TYPES_MESSAGE = 'Unsupported file type. Allowed types: JPEG, PNG.';
/**
 * An image in an article's text: `{type: "image", attrs: {attachment: <id of an attachment of the
 * article>, alt}}`; the reader shows the attachment's file.
 */
export const ARTICLE_IMAGE_NODE = 'image';

const NOT_A_DOCUMENT = 'Enter a rich-text document ({"type": "doc", "content": [...]}).';
/**
 * A TipTap/ProseMirror document (the help desk's rich text): an object whose `type` is "doc", its
 * nodes under `content`; bounded in depth and size like the help desk's documents.
 */
export const articleBodySchema = z
  .object(
    {
      type: z.literal('doc', { error: NOT_A_DOCUMENT }),
      content: z.array(z.unknown(), { error: NOT_A_DOCUMENT }).optional(),
    },
    { error: ERROR_MESSAGES.jsonObject },
  )
  .catchall(z.unknown())
  .refine((value) => jsonDocumentLimited.safeParse(value).success, { message: ERROR_MESSAGES.documentTooLarge, abort: true });

export const categorySchema = z.object({ id: uuid(), name: z.string(), position: z.number().int() });
export type Category = z.infer<typeof categorySchema>;
export const categoryInputSchema = z.object({
  name: requiredText(CATEGORY_NAME_MAX),
  position: z.number({ error: ERROR_MESSAGES.number }).int().min(0).max(1_000_000).default(0),
});
export const categoryPatchSchema = z.object({
  name: requiredText(CATEGORY_NAME_MAX).optional(),
  position: z.number({ error: ERROR_MESSAGES.number }).int().min(0).max(1_000_000).optional(),
});

const USER_TYPE_MESSAGE = 'Ensure each user type is a number from 1 to 7.';
const idList = z.array(uuid()).max(AUDIENCE_IDS_MAX, `Ensure this field has no more than ${AUDIENCE_IDS_MAX} elements.`);
/** Who an article is for; each empty list is no limit. */
export const audienceSchema = z.object({
  user_types: z.array(z.number().int()),
  legal_entities: z.array(uuid()),
  clients: z.array(uuid()),
  cost_centres: z.array(uuid()),
});
export type Audience = z.infer<typeof audienceSchema>;
export const audienceInputSchema = z.object({
  user_types: z
    .array(z.number({ error: ERROR_MESSAGES.number }).int().min(1, USER_TYPE_MESSAGE).max(7, USER_TYPE_MESSAGE))
    .max(7, 'Ensure this field has no more than 7 elements.')
    .default([]),
  legal_entities: idList.default([]),
  clients: idList.default([]),
  cost_centres: idList.default([]),
});

export const articleSchema = z.object({
  id: uuid(),
  title: z.string(),
  body: jsonDocumentSchema,
  category: z.object({ id: uuid(), name: z.string() }).nullable(),
  status: z.enum(ARTICLE_STATUSES),
  audience: audienceSchema,
  review_by: isoDate().nullable(),
  acknowledgement_required: z.boolean(),
  version: z.number().int().describe('The content version, read-only: every saved change of title or body adds one'),
  published_at: isoDateTime().nullable(),
  updated_by: userRefSchema.nullable(),
  updated_at: isoDateTime(),
  tickets_avoided: z
    .number()
    .int()
    .nullable()
    .describe(
      'Suggestions of this article opened (help drawer, /report) with no ticket raised by the same user in the next 30 minutes; counted once those 30 minutes have passed. Null unless the caller holds article.change',
    ),
});
export type Article = z.infer<typeof articleSchema>;

/** How long after opening a suggestion a ticket of the same user means it did not help. */
export const TICKET_FOLLOWS_MINUTES = 30;

export const suggestionOpenedSchema = z.object({
  session: uuid().describe('The web\'s id of one ticket being typed (one help drawer or /report page): a second open in the same session is not counted again'),
});
export type SuggestionOpened = z.infer<typeof suggestionOpenedSchema>;

export const articleInputSchema = z.object({
  title: requiredText(ARTICLE_TITLE_MAX),
  body: articleBodySchema,
  category: uuid().nullable().default(null),
  status: choice(ARTICLE_STATUSES).default('DRAFT'),
  audience: audienceInputSchema.default({ user_types: [], legal_entities: [], clients: [], cost_centres: [] }),
  review_by: isoDate().nullable().default(null),
  acknowledgement_required: z.boolean({ error: ERROR_MESSAGES.boolean }).default(false),
});
export type ArticleInput = z.infer<typeof articleInputSchema>;
export const articlePatchSchema = z.object({
  title: requiredText(ARTICLE_TITLE_MAX).optional(),
  body: articleBodySchema.optional(),
  category: uuid().nullable().optional(),
  status: choice(ARTICLE_STATUSES).optional(),
  audience: audienceInputSchema.optional(),
  review_by: isoDate().nullable().optional(),
  acknowledgement_required: z.boolean({ error: ERROR_MESSAGES.boolean }).optional(),
});
export type ArticleChanges = z.infer<typeof articlePatchSchema>;

export const articleVersionSchema = z.object({
  version: z.number().int(),
  title: z.string(),
  body: jsonDocumentSchema,
  edited_by: userRefSchema.nullable(),
  at: isoDateTime(),
});
export type ArticleVersion = z.infer<typeof articleVersionSchema>;

export const acknowledgementSchema = z.object({ user: userRefSchema, version: z.number().int(), at: isoDateTime() });
export type Acknowledgement = z.infer<typeof acknowledgementSchema>;
export const acknowledgementsSchema = z.object({
  version: z.number().int(),
  acknowledged: z.array(z.object({ user: userRefSchema, at: isoDateTime() })),
  pending: z.array(z.object({ user: userRefSchema })),
});
export type Acknowledgements = z.infer<typeof acknowledgementsSchema>;

export const suggestQuerySchema = z.object({
  q: z
    .string({ error: ERROR_MESSAGES.required })
    .max(SUGGEST_QUERY_MAX, `Ensure this field has no more than ${SUGGEST_QUERY_MAX} characters.`),
  cost_centre: uuid().meta({ maxLength: 36 }).optional(),
});
export const suggestionSchema = z.object({
  id: uuid(),
  title: z.string(),
  category: z.object({ id: uuid(), name: z.string() }).nullable(),
  /** The start of the article's text. */
  excerpt: z.string(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;
export const suggestionsSchema = z.object({ results: z.array(suggestionSchema) });
