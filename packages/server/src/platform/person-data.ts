import { sql } from 'drizzle-orm';
import { rowsOf } from '../list-query/list-page';
import type { DbOrTx } from './db';

/**
 * A person's data (platform.md 14.6): erase (anonymise everywhere) and export. Cross-cutting like the
 * audit trail, so it lives beside it: it reads and changes every module's rows that name a user.
 *
 * ERASE_PLAN names every column that references `auth_user` (a test reads the foreign keys from the
 * database and fails when one is missing here) and how an erasure handles it:
 *   anonymise  the row stays and keeps pointing at the person, whose own row becomes "Former user <n>"
 *              (a ticket, a message, a change of a record: its author now reads as the former user);
 *   clear      the reference is set to null (a ticket assigned to them is unassigned);
 *   delete     the person's own rows go (sign-ins, second factors, settings, notifications, attachments);
 *   keep       the row stays as it is, for the reason given (finance and payroll: none of those tables
 *              references a user account; they name employees and vendors by their own ids).
 */
export type EraseHandling = { how: 'anonymise' | 'clear' | 'delete' | 'keep'; reason: string };

const authored: EraseHandling = { how: 'anonymise', reason: 'who created or changed a business record; the record stays, its author reads as the former user' };
const own = (reason: string): EraseHandling => ({ how: 'delete', reason });

export const ERASE_PLAN: Readonly<Record<string, EraseHandling>> = {
  'accounts_client.created_by_id': authored,
  'accounts_client.updated_by_id': authored,
  'accounts_client.owner_id': { how: 'anonymise', reason: 'the account owner of a client; the client stays (reassign it)' },
  'accounts_client_contact_role.created_by_id': authored,
  'accounts_client_contact_role.updated_by_id': authored,
  'accounts_contact_person.created_by_id': authored,
  'accounts_contact_person.updated_by_id': authored,
  'accounts_contact_relation.created_by_id': authored,
  'accounts_contact_relation.updated_by_id': authored,
  'automation_rule.updated_by': { how: 'anonymise', reason: 'the rule stays and keeps running as its last editor, who reads as the former user (an admin should re-save it)' },
  'automation_rule_version.edited_by': authored,
  'audit_log.user_id': { how: 'anonymise', reason: 'the audit trail stays; its actor reads as the former user' },
  'auth_session.user_id': own('their sign-in sessions end'),
  'auth_token.user_id': own('their tokens end'),
  'auth_user.reporting_manager_id': { how: 'anonymise', reason: "other people's manager reference; the erased person's own is cleared" },
  'auth_user_group.user_id': own('their group memberships (a former user holds no rights)'),
  'auth_user_permission.user_id': own('their own permissions'),
  'base_industry.created_by_id': authored,
  'base_industry.updated_by_id': authored,
  'base_legal_entity.created_by_id': authored,
  'base_legal_entity.updated_by_id': authored,
  'base_sub_industry.created_by_id': authored,
  'base_sub_industry.updated_by_id': authored,
  'helpdesk_attachment.uploaded_by_id': own('their attachments, and the stored files'),
  'helpdesk_canned_reply.owner_id': own('their personal canned replies'),
  'helpdesk_conversation.created_by_id': authored,
  'helpdesk_conversation.updated_by_id': authored,
  'helpdesk_conversation.sender_id': { how: 'anonymise', reason: 'their messages stay with the author anonymised' },
  'helpdesk_conversation.recipient_id': { how: 'anonymise', reason: 'messages to them stay with the recipient anonymised' },
  'helpdesk_conversation_copy.user_id': { how: 'anonymise', reason: 'who a message was copied to; the message stays' },
  'helpdesk_team_member.user_id': own('their team memberships'),
  'helpdesk_ticket.requester_id': { how: 'anonymise', reason: 'their tickets stay with the requester anonymised' },
  'helpdesk_ticket.created_by_id': authored,
  'helpdesk_ticket.updated_by_id': authored,
  'helpdesk_ticket.assignee_id': { how: 'clear', reason: 'tickets assigned to them are unassigned' },
  'helpdesk_ticket_history.changed_by_id': authored,
  'identity_app_setting.user_id': own('their settings'),
  'identity_mfa_challenge.user_id': own('pending second-factor checks'),
  'identity_mfa_passkey.user_id': own('second factors removed'),
  'identity_mfa_recovery_code.user_id': own('second factors removed'),
  'identity_mfa_totp.user_id': own('second factors removed'),
  'identity_page_setting.user_id': own('their page settings'),
  'identity_profile.user_id': own('their profile: phone, mobile, personal e-mail, birthday, picture (the file too)'),
  'identity_security_event.user_id': { how: 'anonymise', reason: 'the security log stays; the e-mail it recorded is replaced' },
  'identity_view.user_id': own('their saved list views'),
  'identity_view_default.user_id': own('their default list views'),
  'jobs_import.created_by_id': own('their import jobs'),
  'jobs_job.created_by_id': own('their background jobs'),
  'knowledge_acknowledgement.user_id': { how: 'anonymise', reason: 'that an article was acknowledged stays (compliance), by the former user' },
  'knowledge_article.updated_by': authored,
  'knowledge_attachment.uploaded_by_id': { how: 'anonymise', reason: "an article's images stay with the article, uploaded by the former user" },
  'knowledge_suggestion_open.user_id': { how: 'anonymise', reason: "opened suggestions stay counted in an article's tickets avoided, by the former user" },
  'knowledge_article_version.edited_by': authored,
  'notifications_notification.actor_id': { how: 'anonymise', reason: "others' notifications of what they did stay" },
  'notifications_notification.recipient_id': own('their notifications'),
  'notifications_preference.user_id': own('their notification preferences'),
  'notifications_push_subscription.user_id': own('their push subscriptions'),
  'notifications_stream_token.user_id': own('their stream tokens'),
  'notifications_watch.user_id': own('their watches'),
  'operations_brand.created_by_id': authored,
  'operations_brand.updated_by_id': authored,
  'operations_contact_relation.contact_person_id': { how: 'anonymise', reason: 'a cost centre contact who is a user: the relation stays, naming the former user' },
  'operations_contact_relation.created_by_id': authored,
  'operations_contact_relation.updated_by_id': authored,
  'operations_contact_role.created_by_id': authored,
  'operations_contact_role.updated_by_id': authored,
  'operations_cost_centre.created_by_id': authored,
  'operations_cost_centre.updated_by_id': authored,
  'presence_editor.user_id': own('edit forms they had open'),
  'records_address.created_by_id': authored,
  'records_address.updated_by_id': authored,
  'records_allocation.user_id': own('their allocations (a former user sees nothing)'),
  'records_contact.created_by_id': authored,
  'records_contact.updated_by_id': authored,
  'sitechecks_answer.answered_by_id': { how: 'anonymise', reason: 'site check evidence stays, answered by the former user' },
  'sitechecks_run.completed_by_id': { how: 'anonymise', reason: 'site check runs stay, completed by the former user' },
};

export const FORMER_USER = 'Former user';

/** Every (table, column) with a foreign key to auth_user, from the database's catalogue. */
export async function userReferences(db: DbOrTx): Promise<string[]> {
  const result = await db.execute(sql`
    select c.conrelid::regclass::text as table_name, a.attname as column_name
    from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
    where c.contype = 'f' and c.confrelid = 'auth_user'::regclass order by 1, 2`);
  return rowsOf<{ table_name: string; column_name: string }>(result).map((row) => `${row.table_name}.${row.column_name}`);
}

const split = (key: string) => key.split('.') as [string, string];

/**
 * Erases one person inside the caller's transaction: answers their new name and the storage keys of
 * the files to remove once it commits. The caller checks permissions, "not yourself" and "not the
 * last administrator", and writes the audit entry in the same transaction.
 */
export async function erasePerson(tx: DbOrTx, userId: string): Promise<{ name: string; number: number; files: string[] }> {
  // Numbers are handed out one erasure at a time.
  await tx.execute(sql`select pg_advisory_xact_lock(7245036, 2)`);
  const last = rowsOf<{ n: number | null }>(
    await tx.execute(sql`select max(last_name::int) as n from auth_user where first_name = ${FORMER_USER} and last_name ~ '^[0-9]{1,9}$'`),
  )[0]?.n;
  const number = Number(last ?? 0) + 1;
  const email = `former-user-${number}@erased.invalid`;

  const files = [
    ...rowsOf<{ key: string }>(await tx.execute(sql`select storage_key as key from helpdesk_attachment where uploaded_by_id = ${userId}`)).map((r) => r.key),
    ...rowsOf<{ key: string | null }>(await tx.execute(sql`select profile_picture as key from identity_profile where user_id = ${userId}`))
      .map((r) => r.key)
      .filter((key): key is string => Boolean(key)),
  ];

  // What the audit trail and sign-in records hold as text, read before the profile goes.
  const [personal] = rowsOf<{ email: string; first_name: string; last_name: string; phone: string | null; mobile: string | null; personal_email: string | null }>(
    await tx.execute(sql`select u.email, u.first_name, u.last_name, p.phone, p.mobile, p.personal_email
      from auth_user u left join identity_profile p on p.user_id = u.id where u.id = ${userId}`),
  );

  for (const [key, handling] of Object.entries(ERASE_PLAN)) {
    const [table, column] = split(key);
    if (handling.how === 'delete') await tx.execute(sql`delete from ${sql.identifier(table)} where ${sql.identifier(column)} = ${userId}`);
    else if (handling.how === 'clear') await tx.execute(sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = null where ${sql.identifier(column)} = ${userId}`);
  }
  const name = `${FORMER_USER} ${number}`;
  if (personal) await scrubAuditTrail(tx, userId, personal, { email, name });
  await tx.execute(sql`update identity_security_event set email = ${email} where user_id = ${userId}`);
  await tx.execute(sql`
    update auth_user set first_name = ${FORMER_USER}, last_name = ${String(number)}, email = ${email}, password = '!',
      is_active = false, is_superuser = false, is_staff = false, directory_sync = false, mfa_enabled = false,
      last_login = null, reporting_manager_id = null
    where id = ${userId}`);
  return { name, number, files };
}

/** A case-blind pattern of `value`; a name only as a whole word (Ada in "Ada Admin", not in "Canada"). */
function patternOf(value: string, wholeWord: boolean): RegExp {
  const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return wholeWord ? new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'giu') : new RegExp(escaped, 'giu');
}

function scrubbed(value: unknown, swaps: [RegExp, string][]): unknown {
  if (typeof value === 'string') return swaps.reduce((text, [pattern, to]) => text.replace(pattern, () => to), value);
  if (Array.isArray(value)) return value.map((item) => scrubbed(item, swaps));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) Object.defineProperty(out, key, { value: scrubbed(item, swaps), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return value;
}

/**
 * The audit trail stays after an erasure, but what it recorded about the person as text does not: the
 * e-mail of their sign-ins (also failed ones of the address before it named an account), their name and
 * their phone numbers in the entries about them become the former user's. Sign-in throttling rows
 * holding the address go. One read and one write, whatever the number of entries.
 */
async function scrubAuditTrail(
  tx: DbOrTx,
  userId: string,
  personal: { email: string; first_name: string; last_name: string; phone: string | null; mobile: string | null; personal_email: string | null },
  former: { email: string; name: string },
): Promise<void> {
  const fullName = `${personal.first_name} ${personal.last_name}`.trim();
  // Longest first, so a full name goes before its parts and an e-mail before a name inside it.
  const swaps = ([
    [personal.email, former.email, false],
    [personal.personal_email ?? '', former.email, false],
    [fullName, former.name, true],
    [personal.first_name, FORMER_USER, true],
    [personal.last_name, former.name.slice(FORMER_USER.length + 1), true],
    [personal.phone ?? '', '[erased]', false],
    [personal.mobile ?? '', '[erased]', false],
  ] as [string, string, boolean][])
    .filter(([from]) => from.trim().length >= 3)
    .sort((a, b) => b[0].length - a[0].length)
    .map(([from, to, wholeWord]): [RegExp, string] => [patternOf(from.trim(), wholeWord), to]);
  const entries = rowsOf<{ id: string; changes: unknown }>(
    await tx.execute(sql`select id, changes from audit_log
      where (record_id = ${userId} and model = 'user') or (record_id is null and lower(changes->>'email') = lower(${personal.email}))`),
  );
  const rewritten = entries
    .map((entry) => ({ id: entry.id, changes: scrubbed(entry.changes, swaps) }))
    .filter((entry, index) => JSON.stringify(entry.changes) !== JSON.stringify(entries[index]!.changes));
  if (rewritten.length) {
    await tx.execute(sql`update audit_log a set changes = v.changes
      from jsonb_to_recordset(${JSON.stringify(rewritten)}::jsonb) as v(id uuid, changes jsonb) where a.id = v.id`);
  }
  await tx.execute(sql`update identity_security_event set email = ${former.email} where user_id is null and lower(email) = lower(${personal.email})`);
  await tx.execute(sql`delete from auth_login_failure where lower(email) = lower(${personal.email})`);
}

/** What an export holds, one JSON file per kind: each a query of the person's rows (secrets left out). */
const EXPORT_KINDS: Record<string, (userId: string) => ReturnType<typeof sql>> = {
  profile: (id) => sql`select u.id, u.email, u.first_name, u.last_name, u.user_type, u.is_active, u.date_joined, u.last_login, u.mfa_enabled,
      p.phone, p.mobile, p.personal_email, p.linkedin, p.date_of_birth, p.employee_id, p.legal_entity, p.department, p.position, p.location
    from auth_user u left join identity_profile p on p.user_id = u.id where u.id = ${id}`,
  tickets: (id) => sql`select * from helpdesk_ticket where requester_id = ${id} or created_by_id = ${id} or assignee_id = ${id} order by created_at`,
  messages: (id) => sql`select * from helpdesk_conversation where sender_id = ${id} or recipient_id = ${id} or created_by_id = ${id} order by created_at`,
  attachments: (id) => sql`select id, ticket_id, conversation_id, file_name, file_type, size, uploaded_at from helpdesk_attachment where uploaded_by_id = ${id} order by uploaded_at`,
  notifications: (id) => sql`select * from notifications_notification where recipient_id = ${id} order by "timestamp"`,
  notification_preferences: (id) => sql`select * from notifications_preference where user_id = ${id}`,
  watches: (id) => sql`select * from notifications_watch where user_id = ${id}`,
  audit_entries: (id) => sql`select id, at, user_id, action, model, record_id, changes, ip from audit_log where user_id = ${id} or record_id = ${id} order by at`,
  security_events: (id) => sql`select id, at, kind, email, actor, address, user_agent, detail from identity_security_event where user_id = ${id} order by at`,
  allocations: (id) => sql`select * from records_allocation where user_id = ${id}`,
  groups: (id) => sql`select g.name from auth_user_group ug join auth_group g on g.id = ug.group_id where ug.user_id = ${id}`,
  teams: (id) => sql`select * from helpdesk_team_member where user_id = ${id}`,
  app_settings: (id) => sql`select * from identity_app_setting where user_id = ${id}`,
  page_settings: (id) => sql`select * from identity_page_setting where user_id = ${id}`,
  views: (id) => sql`select * from identity_view where user_id = ${id}`,
  canned_replies: (id) => sql`select * from helpdesk_canned_reply where owner_id = ${id}`,
  knowledge_acknowledgements: (id) => sql`select * from knowledge_acknowledgement where user_id = ${id}`,
  passkeys: (id) => sql`select id, name, created_at, last_used_at from identity_mfa_passkey where user_id = ${id}`,
};

export const EXPORT_KIND_NAMES = Object.keys(EXPORT_KINDS);

/** Every kind's rows for one person, and the files they uploaded ({name in the ZIP, storage key}). */
export async function gatherPersonData(db: DbOrTx, userId: string): Promise<{ kinds: [string, unknown[]][]; files: { name: string; key: string }[] }> {
  const kinds: [string, unknown[]][] = [];
  for (const [kind, query] of Object.entries(EXPORT_KINDS)) kinds.push([kind, rowsOf(await db.execute(query(userId)))]);
  const files = rowsOf<{ id: string; file_name: string; storage_key: string }>(
    await db.execute(sql`select id, file_name, storage_key from helpdesk_attachment where uploaded_by_id = ${userId} order by uploaded_at`),
  ).map((row) => ({ name: `files/${row.id}-${row.file_name.replace(/[^\w.\- ]+/g, '_')}`, key: row.storage_key }));
  const picture = rowsOf<{ key: string | null }>(await db.execute(sql`select profile_picture as key from identity_profile where user_id = ${userId}`))[0]?.key;
  if (picture) files.push({ name: `files/profile-picture-${picture.split('/').pop()}`, key: picture });
  return { kinds, files };
}
