import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { int64 } from './integrations';

/* Mirror of the Google Workspace directory. Property names are the API field names (source casing). */

export const directoryGroups = pgTable(
  'google_directory_group',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    email: varchar('email', { length: 254 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    description: text('description').notNull(),
    adminCreated: boolean('admin_created').notNull(),
    directMembersCount: int64('direct_members_count').notNull(),
    kind: varchar('kind', { length: 50 }).notNull(),
    aliases: jsonb('aliases').$type<string[]>().notNull(),
    nonEditableAliases: jsonb('non_editable_aliases').$type<string[]>().notNull(),
    etag: varchar('etag', { length: 100 }),
  },
  (t) => [
    uniqueIndex('google_directory_group_email_uq').on(sql`lower(${t.email})`),
    index('google_directory_group_name_idx').on(t.name, t.id),
    index('google_directory_group_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    index('google_directory_group_email_trgm').using('gin', sql`${t.email} gin_trgm_ops`),
    check('google_directory_group_count_ck', sql`${t.directMembersCount} >= 0`),
  ],
);

export const directoryUsers = pgTable(
  'google_directory_user',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    primaryEmail: varchar('primary_email', { length: 254 }).notNull(),
    given_name: varchar('given_name', { length: 100 }).notNull(),
    family_name: varchar('family_name', { length: 100 }).notNull(),
    title: varchar('title', { length: 255 }),
    mobile: varchar('mobile', { length: 50 }),
    phone: varchar('phone', { length: 50 }),
    cost_centre: varchar('cost_centre', { length: 50 }),
    sector: varchar('sector', { length: 100 }),
    employee_type: varchar('employee_type', { length: 100 }),
    department: varchar('department', { length: 255 }),
    region: varchar('region', { length: 100 }),
    reporting_manager: varchar('reporting_manager', { length: 254 }),
    orgUnitPath: varchar('org_unit_path', { length: 500 }).notNull(),
    /** office or site, decided at sync by GOOGLE_SYNC_SITE_RULE. */
    userKind: varchar('user_kind', { length: 10 }).notNull(),
  },
  (t) => [
    uniqueIndex('google_directory_user_email_uq').on(sql`lower(${t.primaryEmail})`),
    check('google_directory_user_kind_ck', sql`${t.userKind} in ('office', 'site')`),
    index('google_directory_user_kind_name_idx').on(t.userKind, t.family_name, t.given_name, t.id),
    index('google_directory_user_email_idx').on(t.primaryEmail, t.id),
    index('google_directory_user_given_idx').on(t.given_name, t.id),
    index('google_directory_user_cost_centre_idx').on(t.cost_centre),
    index('google_directory_user_cost_centre_email_idx').on(t.cost_centre, sql`lower(${t.primaryEmail})`),
    index('google_directory_user_department_idx').on(t.department, t.id),
    index('google_directory_user_region_idx').on(t.region, t.id),
    index('google_directory_user_email_trgm').using('gin', sql`${t.primaryEmail} gin_trgm_ops`),
    index('google_directory_user_given_trgm').using('gin', sql`${t.given_name} gin_trgm_ops`),
    index('google_directory_user_family_trgm').using('gin', sql`${t.family_name} gin_trgm_ops`),
    index('google_directory_user_title_trgm').using('gin', sql`${t.title} gin_trgm_ops`),
  ],
);

export const groupMembers = pgTable(
  'google_group_member',
  {
    uid: uuid('uid').primaryKey(),
    id: varchar('member_key', { length: 64 }).notNull(),
    type: varchar('type', { length: 10 }).notNull(),
    kind: varchar('kind', { length: 50 }).notNull(),
    email: varchar('email', { length: 254 }),
    role: varchar('role', { length: 10 }).notNull(),
    status: varchar('status', { length: 20 }),
    etag: varchar('etag', { length: 100 }),
    delivery_settings: varchar('delivery_settings', { length: 20 }),
    group: varchar('group_id', { length: 64 })
      .notNull()
      .references(() => directoryGroups.id),
    member: varchar('member_id', { length: 64 }),
  },
  (t) => [
    uniqueIndex('google_group_member_group_key_uq').on(t.group, t.id),
    check('google_group_member_type_ck', sql`${t.type} in ('CUSTOMER', 'GROUP', 'USER')`),
    check('google_group_member_role_ck', sql`${t.role} in ('MANAGER', 'MEMBER', 'OWNER')`),
    index('google_group_member_group_email_idx').on(t.group, t.email, t.uid),
    index('google_group_member_member_idx').on(t.member),
    index('google_group_member_email_trgm').using('gin', sql`${t.email} gin_trgm_ops`),
  ],
);
