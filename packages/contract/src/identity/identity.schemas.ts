import { z } from 'zod';
import { email, isoDate, isoDateTime, maxText, userWithEmailSchema, uuid } from '../common/fields';
import { USER_TYPES } from '../common/permissions';
import { ERROR_MESSAGES, invalidChoice, tooLong } from '../common/errors';
import { DATE_TIME_FORMATS } from '../common/display-values';

const CODE_PATTERN = /^[A-Z0-9-]*$/;
const codeField = (max: number) =>
  maxText(max).regex(CODE_PATTERN, ERROR_MESSAGES.codeFormat);

export { DATE_TIME_FORMATS };

export const userTypeSchema = z.union(
  Object.keys(USER_TYPES).map((key) => z.literal(Number(key))) as unknown as [z.ZodLiteral<number>, ...z.ZodLiteral<number>[]],
);

export const groupSchema = z.object({ id: uuid(), name: z.string() });

export const userSchema = z.object({
  id: uuid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  reporting_manager: z.object({ id: uuid(), email: z.string() }).nullable(),
  groups: z.array(groupSchema),
  last_login: isoDateTime().nullable(),
  is_superuser: z.boolean(),
  is_staff: z.boolean(),
  is_active: z.boolean(),
  date_joined: isoDateTime(),
  user_type: z.number().int(),
  directory_sync: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const userPublicSchema = userWithEmailSchema;
export const relatedUserSchema = z.object({ id: uuid(), first_name: z.string(), last_name: z.string(), email: z.string() });

export const userUpdateSchema = z.object({
  first_name: maxText(150).optional(),
  last_name: maxText(150).optional(),
});

export const loginSchema = z.object({
  email: z.string({ error: ERROR_MESSAGES.required }).max(254, tooLong(254)),
  password: z.string({ error: ERROR_MESSAGES.required }).max(128, tooLong(128)),
});
export const knoxLoginResponseSchema = z.object({ expiry: isoDateTime(), token: z.string(), user: userSchema });
export const sessionStatusSchema = z.object({ detail: z.string(), session_expiry: isoDateTime().nullable() });
export const csrfSchema = z.object({ csrftoken: z.string() });

const flags = z.object({
  read: z.boolean(),
  add: z.boolean(),
  change: z.boolean(),
  delete: z.boolean(),
  /** Only on models with a share right (`identity.view`: may share views with everyone). */
  share: z.boolean().optional(),
});
export const permissionsResponseSchema = z.object({
  permissions: z.record(z.string(), z.record(z.string(), flags)),
});

export const profileSchema = z.object({
  user: uuid(),
  profile_picture: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  phone: z.string(),
  mobile: z.string(),
  personal_email: z.string(),
  linkedin: z.string(),
  employee_id: z.string().nullable(),
  legal_entity: z.string().nullable(),
  department: z.string().nullable(),
  position: z.string().nullable(),
  location: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** Text fields of the profile PATCH (multipart; profile_picture is the file part). */
export const profileUpdateSchema = z.object({
  date_of_birth: z.union([isoDate(), z.literal('')]).optional(),
  phone: maxText(15).optional(),
  mobile: maxText(15).optional(),
  personal_email: z.union([email(254), z.literal('')]).optional(),
  linkedin: maxText(200).optional(),
});
export { PROFILE_PICTURE_MAX_BYTES } from './identity.values';

export const appSettingSchema = z.object({
  user: uuid(),
  theme_mode: z.string(),
  theme_colour: z.string(),
  display_density: z.string(),
  default_page_view: z.string(),
  language: z.string(),
  date_time_format: z.enum(DATE_TIME_FORMATS),
  timezone: z.string(),
  landing_page: z.string(),
  updated_at: isoDateTime(),
});
export type AppSetting = z.infer<typeof appSettingSchema>;

function isIanaZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

export const appSettingInputSchema = z.object({
  theme_mode: codeField(15),
  theme_colour: codeField(15),
  display_density: codeField(15),
  default_page_view: codeField(15),
  language: maxText(15),
  date_time_format: z.enum(DATE_TIME_FORMATS, { error: (issue) => invalidChoice(issue.input) }),
  // Documented as the runtime's IANA zone names (the server also takes their aliases, e.g. `Etc/UTC`).
  timezone: maxText(32)
    .refine(isIanaZone, ERROR_MESSAGES.timeZone)
    .meta({ enum: ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone.length <= 32)] }),
  landing_page: codeField(20),
});
export const appSettingPatchSchema = appSettingInputSchema.partial();

/** Reading the settings: the browser's time zone becomes the user's when the settings are first created. */
export const appSettingReadQuerySchema = z.object({ timezone: appSettingInputSchema.shape.timezone.optional() });

export const APP_SETTING_DEFAULTS = {
  theme_mode: 'SYSTEM',
  theme_colour: 'BLUE',
  display_density: 'STANDARD',
  default_page_view: 'LIST',
  language: 'en',
  date_time_format: 'ISO-8601',
  timezone: 'Australia/Sydney',
  landing_page: 'HOME',
} as const satisfies z.infer<typeof appSettingInputSchema>;

export const pageSettingValueSchema = z.looseObject({
  filters: z.record(z.string(), z.unknown()).default({}),
  sorting: z.array(z.string()).default([]),
  renaming: z.record(z.string(), z.string()).default({}),
  visible_fields: z.array(z.string()).default([]),
});
export const DEFAULT_PAGE_SETTING = { filters: {}, sorting: [], renaming: {}, visible_fields: [] };

export const pageSettingSchema = z.object({
  id: uuid(),
  user: uuid(),
  page: z.string(),
  layout: z.string(),
  page_setting: pageSettingValueSchema,
  updated_at: isoDateTime(),
});
export type PageSetting = z.infer<typeof pageSettingSchema>;

export const pageSettingInputSchema = z.object({
  page: z
    .string({ error: ERROR_MESSAGES.required })
    .min(1, ERROR_MESSAGES.blank)
    .max(100, tooLong(100))
    .regex(CODE_PATTERN, ERROR_MESSAGES.codeFormat),
  layout: codeField(20).default('DEFAULT'),
  page_setting: pageSettingValueSchema.default(DEFAULT_PAGE_SETTING),
});
export const pageSettingPatchSchema = z.object({
  page: pageSettingInputSchema.shape.page.optional(),
  layout: codeField(20).optional(),
  page_setting: pageSettingValueSchema.optional(),
});

export const ALLOCATION_KINDS = ['client', 'cost-centre', 'legal-entity'] as const;
export const ALLOCATION_SCOPES = ['all', 'direct', 'inherited'] as const;
export const clientAllocationSchema = z.object({ id: uuid(), name: z.string(), account_number: z.string() });
export const costCentreAllocationSchema = z.object({ id: uuid(), name: z.string(), code: z.string() });
export const legalEntityAllocationSchema = z.object({ id: uuid(), name: z.string(), abbr: z.string().nullable() });

export const idParams = z.object({ id: uuid() });

/**
 * The security audit log: sign-ins (succeeded, failed, throttled) with the
 * caller's address and user agent, and permission changes (a permission
 * granted, a group joined). Read-only; written by the server.
 */
export const SECURITY_EVENT_KINDS = [
  'login_succeeded',
  'login_failed',
  'login_throttled',
  'permission_granted',
  'group_joined',
  // Account security (spec platform §14.5): every second-factor change, check and ended sign-in.
  'mfa_totp_enabled',
  'mfa_totp_disabled',
  'mfa_recovery_codes_generated',
  'mfa_recovery_code_used',
  'mfa_passkey_added',
  'mfa_passkey_removed',
  'mfa_failed',
  'step_up_succeeded',
  'step_up_failed',
  'session_ended',
  // An administrator reset a user's second factor (actor: the administrator).
  'mfa_reset',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];
export const securityEventSchema = z.object({
  id: uuid(),
  at: isoDateTime(),
  kind: z.enum(SECURITY_EVENT_KINDS),
  email: z.string().describe('The account the event is about (as typed, for failed sign-ins)'),
  user: uuid().nullable().describe('The account, when it exists'),
  actor: z.string().describe('Who made a permission change: "cli", "system" or a user id'),
  address: z.string().nullable(),
  user_agent: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;
