import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  bigint,
  smallint,
  text,
  uniqueIndex,
  uuid,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { SECURITY_EVENT_KINDS } from '@ops/contract/identity/identity.schemas';
import { idColumn, timestamptz } from './columns';

export const users = pgTable(
  'auth_user',
  {
    id: idColumn(),
    email: varchar('email', { length: 254 }).notNull(),
    password: text('password').notNull(),
    firstName: varchar('first_name', { length: 150 }).notNull().default(''),
    lastName: varchar('last_name', { length: 150 }).notNull().default(''),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    isStaff: boolean('is_staff').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    dateJoined: timestamptz('date_joined').notNull().defaultNow(),
    lastLogin: timestamptz('last_login'),
    userType: smallint('user_type').notNull().default(6),
    directorySync: boolean('directory_sync').notNull().default(false),
    /** Whether the user has a confirmed second factor (TOTP or a passkey); kept by the MFA service. */
    mfaEnabled: boolean('mfa_enabled').notNull().default(false),
    reportingManagerId: uuid('reporting_manager_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('auth_user_email_lower_uq').on(sql`lower(${t.email})`),
    index('auth_user_name_idx').on(t.firstName, t.lastName, t.id),
    index('auth_user_last_name_idx').on(t.lastName, t.firstName, t.id),
    index('auth_user_type_idx').on(t.userType, t.id),
    index('auth_user_joined_idx').on(t.dateJoined, t.id),
    index('auth_user_reporting_manager_idx').on(t.reportingManagerId),
    index('auth_user_full_name_trgm').using('gin', sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
    index('auth_user_email_trgm').using('gin', sql`${t.email} gin_trgm_ops`),
    index('auth_user_full_name_words_idx').using('gin', sql`to_tsvector('simple', ${t.firstName} || ' ' || ${t.lastName})`),
    check('auth_user_user_type_ck', sql`${t.userType} between 1 and 7`),
  ],
);

export const groups = pgTable(
  'auth_group',
  {
    id: idColumn(),
    name: varchar('name', { length: 150 }).notNull(),
    userType: smallint('user_type'),
  },
  (t) => [uniqueIndex('auth_group_name_uq').on(t.name), uniqueIndex('auth_group_user_type_uq').on(t.userType)],
);

export const permissions = pgTable(
  'auth_permission',
  {
    id: idColumn(),
    module: varchar('module', { length: 50 }).notNull(),
    model: varchar('model', { length: 100 }).notNull(),
    action: varchar('action', { length: 10 }).notNull(),
  },
  (t) => [uniqueIndex('auth_permission_model_action_uq').on(t.model, t.action)],
);

export const groupPermissions = pgTable(
  'auth_group_permission',
  {
    groupId: uuid('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
    permissionId: uuid('permission_id').notNull().references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.permissionId] })],
);

export const userGroups = pgTable(
  'auth_user_group',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] }), index('auth_user_group_group_idx').on(t.groupId)],
);

export const userPermissions = pgTable(
  'auth_user_permission',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    permissionId: uuid('permission_id').notNull().references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.permissionId] })],
);

/**
 * What a token and a session share beyond the digest (spec platform §14.5): a public id (the digest
 * never leaves the server), when it last confirmed its user (sign-in or step-up), and where and when
 * it was last used (written at most once a minute per credential, see last-seen.ts).
 */
const credentialSeen = () => ({
  id: uuid('id').notNull().default(sql`gen_random_uuid()`),
  verifiedAt: timestamptz('verified_at').notNull().defaultNow(),
  lastSeenAt: timestamptz('last_seen_at'),
  ip: varchar('ip', { length: 64 }),
  userAgent: varchar('user_agent', { length: 500 }),
});

/** Knox-style tokens: only the SHA-512 digest of the token is stored. */
export const authTokens = pgTable(
  'auth_token',
  {
    digest: varchar('digest', { length: 128 }).primaryKey(),
    tokenKey: varchar('token_key', { length: 15 }).notNull(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiry: timestamptz('expiry').notNull(),
    ...credentialSeen(),
  },
  (t) => [index('auth_token_user_idx').on(t.userId), index('auth_token_expiry_idx').on(t.expiry), uniqueIndex('auth_token_id_uq').on(t.id)],
);

/** Browser sessions (cookie `sessionid`); the digest of the session key is stored. */
export const sessions = pgTable(
  'auth_session',
  {
    digest: varchar('digest', { length: 128 }).primaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiry: timestamptz('expiry').notNull(),
    ...credentialSeen(),
  },
  (t) => [index('auth_session_user_idx').on(t.userId), uniqueIndex('auth_session_id_uq').on(t.id)],
);

/** Failed sign-ins, counted per account and address for the login rate limit. */
export const loginFailures = pgTable(
  'auth_login_failure',
  {
    id: idColumn(),
    email: varchar('email', { length: 254 }).notNull(),
    address: varchar('address', { length: 64 }).notNull(),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (t) => [index('auth_login_failure_lookup_idx').on(t.email, t.address, t.at), index('auth_login_failure_address_idx').on(t.address, t.at)],
);

/** The security audit log: sign-ins and permission changes (see SECURITY_EVENT_KINDS). */
export const securityEvents = pgTable(
  'identity_security_event',
  {
    id: idColumn(),
    at: timestamptz('at').notNull().defaultNow(),
    kind: varchar('kind', { length: 40 }).notNull(),
    email: varchar('email', { length: 254 }).notNull().default(''),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    actor: varchar('actor', { length: 100 }).notNull().default(''),
    address: varchar('address', { length: 64 }),
    userAgent: varchar('user_agent', { length: 500 }),
    detail: jsonb('detail').notNull().default({}),
  },
  (t) => [
    check('identity_security_event_kind_ck', sql`${t.kind} in (${sql.raw(SECURITY_EVENT_KINDS.map((k) => `'${k}'`).join(', '))})`),
    index('identity_security_event_at_idx').on(t.at.desc(), t.id.desc()),
    index('identity_security_event_kind_idx').on(t.kind, t.at),
    index('identity_security_event_user_idx').on(t.userId, t.at),
    index('identity_security_event_email_idx').on(t.email, t.at),
    index('identity_security_event_address_idx').on(t.address, t.at),
  ],
);

export const profiles = pgTable('identity_profile', {
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  profilePicture: varchar('profile_picture', { length: 255 }),
  profilePictureType: varchar('profile_picture_type', { length: 20 }),
  dateOfBirth: date('date_of_birth', { mode: 'string' }),
  phone: varchar('phone', { length: 15 }).notNull().default(''),
  mobile: varchar('mobile', { length: 15 }).notNull().default(''),
  personalEmail: varchar('personal_email', { length: 254 }).notNull().default(''),
  linkedin: varchar('linkedin', { length: 200 }).notNull().default(''),
  employeeId: varchar('employee_id', { length: 50 }),
  legalEntity: varchar('legal_entity', { length: 255 }),
  department: varchar('department', { length: 100 }),
  position: varchar('position', { length: 100 }),
  location: varchar('location', { length: 100 }),
});

export const appSettings = pgTable(
  'identity_app_setting',
  {
    userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
    themeMode: varchar('theme_mode', { length: 15 }).notNull(),
    themeColour: varchar('theme_colour', { length: 15 }).notNull(),
    displayDensity: varchar('display_density', { length: 15 }).notNull(),
    defaultPageView: varchar('default_page_view', { length: 15 }).notNull(),
    language: varchar('language', { length: 15 }).notNull(),
    dateTimeFormat: varchar('date_time_format', { length: 10 }).notNull(),
    timezone: varchar('timezone', { length: 32 }).notNull(),
    landingPage: varchar('landing_page', { length: 20 }).notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('identity_app_setting_codes_ck', sql`${t.themeMode} ~ '^[A-Z0-9-]*$' and ${t.themeColour} ~ '^[A-Z0-9-]*$' and ${t.displayDensity} ~ '^[A-Z0-9-]*$' and ${t.defaultPageView} ~ '^[A-Z0-9-]*$' and ${t.landingPage} ~ '^[A-Z0-9-]*$'`),
  ],
);

export const pageSettings = pgTable(
  'identity_page_setting',
  {
    id: idColumn(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    page: varchar('page', { length: 100 }).notNull(),
    layout: varchar('layout', { length: 20 }).notNull().default('DEFAULT'),
    pageSetting: jsonb('page_setting').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('identity_page_setting_user_page_layout_uq').on(t.userId, t.page, t.layout),
    check('identity_page_setting_codes_ck', sql`${t.page} ~ '^[A-Z0-9-]+$' and ${t.layout} ~ '^[A-Z0-9-]*$'`),
  ],
);

/** Named list views (spec platform §13.2): a user's own, or shared with everyone. */
export const views = pgTable(
  'identity_view',
  {
    id: idColumn(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    page: varchar('page', { length: 100 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    settings: jsonb('settings').notNull(),
    shared: boolean('shared').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('identity_view_user_page_name_uq').on(t.userId, t.page, sql`lower(${t.name})`),
    index('identity_view_page_shared_idx').on(t.page, t.name, t.id).where(sql`${t.shared}`),
    check('identity_view_page_ck', sql`${t.page} ~ '^[A-Z0-9-]+$'`),
  ],
);

/** Each user's default view of a page (their own or a shared one). */
export const viewDefaults = pgTable(
  'identity_view_default',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    page: varchar('page', { length: 100 }).notNull(),
    viewId: uuid('view_id').notNull().references(() => views.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.page] }), index('identity_view_default_view_idx').on(t.viewId)],
);

/** A user's TOTP authenticator (RFC 6238): pending until a code confirms it. */
export const mfaTotp = pgTable('identity_mfa_totp', {
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  /** Base32 secret, sealed with MFA_SECRET_KEY when set (`v1.<iv>.<ciphertext>.<tag>`, totp-secrets.ts). */
  secret: varchar('secret', { length: 200 }).notNull(),
  confirmedAt: timestamptz('confirmed_at'),
  /** The 30-second step of the last accepted code: a code of that step or earlier is refused (replay). */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/** Single-use recovery codes, as SHA-512 digests. */
export const mfaRecoveryCodes = pgTable(
  'identity_mfa_recovery_code',
  {
    id: idColumn(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    digest: varchar('digest', { length: 128 }).notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('identity_mfa_recovery_code_user_idx').on(t.userId), uniqueIndex('identity_mfa_recovery_code_digest_uq').on(t.userId, t.digest)],
);

/** WebAuthn credentials (passkeys) a user registered. */
export const mfaPasskeys = pgTable(
  'identity_mfa_passkey',
  {
    id: idColumn(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    /** The authenticator's credential id, base64url. */
    credentialId: varchar('credential_id', { length: 1400 }).notNull(),
    /** COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').notNull().default([]),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastUsedAt: timestamptz('last_used_at'),
  },
  (t) => [index('identity_mfa_passkey_user_idx').on(t.userId), uniqueIndex('identity_mfa_passkey_credential_uq').on(t.credentialId)],
);

/**
 * Pending proofs: a password sign-in waiting for its second factor (`purpose` 'sign_in', the digest
 * of the `mfa_token`), or a WebAuthn challenge ('passkey_register', 'passkey_assert'). Each is used
 * once and lives minutes.
 */
export const mfaChallenges = pgTable(
  'identity_mfa_challenge',
  {
    id: idColumn(),
    digest: varchar('digest', { length: 128 }).notNull(),
    purpose: varchar('purpose', { length: 20 }).notNull(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** A sign-in's kind: 'token' or 'session'. */
    via: varchar('via', { length: 10 }),
    /** A sign-in's pending WebAuthn challenge (base64url), when the user asked for passkey options. */
    webauthnChallenge: varchar('webauthn_challenge', { length: 200 }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [uniqueIndex('identity_mfa_challenge_digest_uq').on(t.digest), index('identity_mfa_challenge_user_idx').on(t.userId, t.purpose), index('identity_mfa_challenge_expires_idx').on(t.expiresAt)],
);
