import { z } from 'zod';
import { isoDateTime, requiredText, userRefSchema, uuid } from '../common/fields';
import { ERROR_MESSAGES, tooLong } from '../common/errors';

/** A page key as page settings name them: uppercase letters, digits and hyphens (`CLIENTS`). */
const pageKey = z
  .string({ error: ERROR_MESSAGES.required })
  .min(1, ERROR_MESSAGES.blank)
  .max(100, tooLong(100))
  .regex(/^[A-Z0-9-]+$/, ERROR_MESSAGES.codeFormat);

/** The most a view's settings may weigh, serialised (a list's view is a few kilobytes). */
export const MAX_VIEW_SETTINGS_BYTES = 64 * 1024;

/**
 * What a view keeps: the page setting's keys (filters, sorting, renaming,
 * visible_fields) plus the web app's list keys (search, column_order,
 * column_widths, density, page_size). Unknown keys are kept as they are.
 */
export const viewSettingsSchema = z
  .looseObject({
    filters: z.record(z.string(), z.unknown()).default({}),
    sorting: z.array(z.string().max(200)).max(50).default([]),
    renaming: z.record(z.string(), z.string().max(200)).default({}),
    visible_fields: z.array(z.string().max(200)).max(500).default([]),
    column_order: z.array(z.string().max(200)).max(500).optional(),
    column_widths: z.record(z.string(), z.number().int().min(1).max(10000)).optional(),
    search: z.string().max(500).optional(),
  })
  .refine((value) => JSON.stringify(value).length <= MAX_VIEW_SETTINGS_BYTES, {
    message: `Ensure the settings are no larger than ${MAX_VIEW_SETTINGS_BYTES / 1024} KiB.`,
  });

export const viewSchema = z.object({
  id: uuid(),
  page: z.string(),
  name: z.string(),
  settings: z.record(z.string(), z.unknown()),
  /** Seen by every user (set by holders of `view.share`). */
  shared: z.boolean(),
  owner: userRefSchema,
  /** The caller's default view of this page (per user: a shared view can be anyone's default). */
  is_default: z.boolean(),
  /** The caller owns the view and may change or delete it. */
  is_owner: z.boolean(),
  created_at: isoDateTime(),
  updated_at: isoDateTime(),
});
export type View = z.infer<typeof viewSchema>;

export const viewInputSchema = z.object({
  page: pageKey,
  name: requiredText(100),
  settings: viewSettingsSchema.default({ filters: {}, sorting: [], renaming: {}, visible_fields: [] }),
  shared: z.boolean({ error: ERROR_MESSAGES.boolean }).default(false),
});

export const viewPatchSchema = z.object({
  name: requiredText(100).optional(),
  settings: viewSettingsSchema.optional(),
  shared: z.boolean({ error: ERROR_MESSAGES.boolean }).optional(),
});
