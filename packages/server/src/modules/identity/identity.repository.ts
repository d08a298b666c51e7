import { and, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { recordAuditEvent, type AuditEvent } from '../../platform/audit';
import type { AuthUser } from '../../platform/auth';
import { rowsOf } from '../../list-query/list-page';
import {
  appSettings,
  authTokens,
  groupPermissions,
  groups,
  loginFailures,
  pageSettings,
  permissions,
  profiles,
  securityEvents,
  sessions,
  userGroups,
  userPermissions,
  users,
} from '../../db/schema/identity';

/** A live credential's user, when it ends, and whether the user has a second factor (MFA_REQUIRED_USER_TYPES). */
type FoundCredential = AuthUser & { expiry: Date; mfaEnabled: boolean };
type PreparedLookup = { execute(values: Record<string, unknown>): Promise<FoundCredential[]> };

/** Tokens and sessions: a digest, whose it is, and a sliding expiry within an absolute lifetime from creation. */
type CredentialTable = typeof authTokens | typeof sessions;

export type UserRow = typeof users.$inferSelect;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Which security events are also audit trail entries, as which action (the rest stay in the security log only). */
const AUDITED_SECURITY_EVENTS: Partial<Record<SecurityEventInsert['kind'], AuditEvent['action']>> = {
  login_succeeded: 'login',
  login_failed: 'login_failed',
  login_throttled: 'login_failed',
  permission_granted: 'permission_change',
  group_joined: 'permission_change',
  mfa_totp_enabled: 'mfa_change',
  mfa_totp_disabled: 'mfa_change',
  mfa_recovery_codes_generated: 'mfa_change',
  mfa_passkey_added: 'mfa_change',
  mfa_passkey_removed: 'mfa_change',
  session_ended: 'logout',
};

export type SecurityEventRow = typeof securityEvents.$inferSelect;
export type SecurityEventInsert = typeof securityEvents.$inferInsert;
export type ProfileRow = typeof profiles.$inferSelect;
export type AppSettingRow = typeof appSettings.$inferSelect;
export type PageSettingRow = typeof pageSettings.$inferSelect;

export type { AuthUser };

const authUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  isSuperuser: users.isSuperuser,
  isActive: users.isActive,
  userType: users.userType,
};

/** The statements tokens and sessions share, on the one table of the kind. */
function credentialQueries(db: DbOrTx, table: CredentialTable, lookupName: string) {
  // The lookup, built once per repository: on PostgreSQL a named statement, parsed and planned
  // once per pooled connection.
  let lookup: PreparedLookup | undefined;
  return {
    /** The user behind a live credential: before its expiry and within its absolute lifetime, or nothing. */
    async findUser(digest: string, absoluteSeconds: number): Promise<FoundCredential | undefined> {
      lookup ??= db
        .select({ ...authUserColumns, expiry: table.expiry, mfaEnabled: users.mfaEnabled })
        .from(table)
        .innerJoin(users, eq(users.id, table.userId))
        .where(
          and(
            eq(table.digest, sql.placeholder('digest')),
            gt(table.expiry, sql`now()`),
            gt(table.createdAt, sql`now() - make_interval(secs => ${sql.placeholder('absoluteSeconds')}::int)`),
          ),
        )
        .limit(1)
        .prepare(lookupName);
      const [row] = await lookup.execute({ digest, absoluteSeconds });
      return row;
    },

    async delete(digest: string) {
      await db.delete(table).where(eq(table.digest, digest));
    },

    async deleteOfUser(userId: string) {
      await db.delete(table).where(eq(table.userId, userId));
    },

    /** Moves the expiry to `expiry`, capped at the credential's absolute end; answers the expiry set. */
    async extend(digest: string, expiry: Date, absoluteSeconds: number): Promise<Date> {
      const [row] = await db
        .update(table)
        .set({ expiry: sql`least(${expiry.toISOString()}::timestamptz, ${table.createdAt} + make_interval(secs => ${absoluteSeconds}))` })
        .where(eq(table.digest, digest))
        .returning({ expiry: table.expiry });
      return row?.expiry ?? expiry;
    },
  };
}

/** Failed sign-ins within the last `sinceSeconds` matching `conditions`: how many, and when the oldest was. */
async function countRecentFailures(
  db: DbOrTx,
  sinceSeconds: number,
  ...conditions: SQL[]
): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${loginFailures.at})` })
    .from(loginFailures)
    .where(and(...conditions, gt(loginFailures.at, sql`now() - make_interval(secs => ${sinceSeconds})`)));
  return { count: row?.count ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

export function createIdentityRepository(db: DbOrTx) {
  const tokenQueries = credentialQueries(db, authTokens, 'identity_token_lookup');
  const sessionQueries = credentialQueries(db, sessions, 'identity_session_lookup');
  return {
    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      return row;
    },

    async findUserById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    async insertUser(values: typeof users.$inferInsert): Promise<UserRow> {
      const [row] = await db.insert(users).values(values).returning();
      return row!;
    },

    async updateUser(id: string, values: Partial<typeof users.$inferInsert>): Promise<UserRow | undefined> {
      const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
      return row;
    },

    async countUsers(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
      return row?.n ?? 0;
    },

    async userGroups(userId: string) {
      return db
        .select({ id: groups.id, name: groups.name })
        .from(userGroups)
        .innerJoin(groups, eq(groups.id, userGroups.groupId))
        .where(eq(userGroups.userId, userId))
        .orderBy(groups.name);
    },

    async reportingManager(managerId: string | null) {
      if (!managerId) return null;
      const [row] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, managerId));
      return row ?? null;
    },

    async findGroupByName(name: string) {
      const [row] = await db.select().from(groups).where(eq(groups.name, name)).limit(1);
      return row;
    },

    async findGroupByUserType(userType: number) {
      const [row] = await db.select().from(groups).where(eq(groups.userType, userType)).limit(1);
      return row;
    },

    async addUserToGroup(userId: string, groupId: string) {
      await db.insert(userGroups).values({ userId, groupId }).onConflictDoNothing();
    },

    async findPermission(model: string, action: string) {
      const [row] = await db
        .select()
        .from(permissions)
        .where(and(eq(permissions.model, model), eq(permissions.action, action)))
        .limit(1);
      return row;
    },

    async grantUserPermission(userId: string, permissionId: string) {
      await db.insert(userPermissions).values({ userId, permissionId }).onConflictDoNothing();
    },

    /** Every `model.action` the user holds through groups or direct grants: one statement. */
    async permissionKeys(userId: string): Promise<string[]> {
      const rows = await db.execute<{ key: string }>(sql`
        select p.model || '.' || p.action as key
          from ${permissions} p
          join ${groupPermissions} gp on gp.permission_id = p.id
          join ${userGroups} ug on ug.group_id = gp.group_id
         where ug.user_id = ${userId}
        union
        select p.model || '.' || p.action
          from ${permissions} p
          join ${userPermissions} up on up.permission_id = p.id
         where up.user_id = ${userId}`);
      return rowsOf<{ key: string }>(rows).map((r) => r.key);
    },

    async insertToken(values: typeof authTokens.$inferInsert) {
      await db.insert(authTokens).values(values);
    },

    findUserByTokenDigest: tokenQueries.findUser,

    /** Deletes an unexpired token and answers whose it was (at most one caller gets the answer). */
    async takeToken(digest: string): Promise<string | undefined> {
      const rows = await db
        .delete(authTokens)
        .where(and(eq(authTokens.digest, digest), gt(authTokens.expiry, sql`now()`)))
        .returning({ userId: authTokens.userId });
      return rows[0]?.userId;
    },

    deleteToken: tokenQueries.delete,
    deleteUserTokens: tokenQueries.deleteOfUser,
    extendToken: tokenQueries.extend,

    async deleteExpiredTokens() {
      await db.delete(authTokens).where(lt(authTokens.expiry, sql`now()`));
      await db.delete(sessions).where(lt(sessions.expiry, sql`now()`));
    },

    async insertSession(values: typeof sessions.$inferInsert) {
      await db.insert(sessions).values(values);
    },

    findUserBySessionDigest: sessionQueries.findUser,
    deleteSession: sessionQueries.delete,
    extendSession: sessionQueries.extend,
    deleteUserSessions: sessionQueries.deleteOfUser,

    /**
     * Serialises sign-in bookkeeping for one address until the surrounding transaction ends:
     * concurrent attempts from it count and record one after another, so none slips past the
     * limits (an address lock covers both the per-account-and-address and the per-address limit).
     */
    async lockLoginAddress(address: string) {
      await db.execute(sql`select pg_advisory_xact_lock(7245003, hashtext(${address.slice(0, 64)}))`);
    },

    async recordLoginFailure(email: string, address: string) {
      await db.insert(loginFailures).values({ email: email.toLowerCase().slice(0, 254), address: address.slice(0, 64) });
    },

    async countRecentLoginFailures(email: string, address: string, sinceSeconds: number) {
      return countRecentFailures(
        db,
        sinceSeconds,
        eq(loginFailures.email, email.toLowerCase().slice(0, 254)),
        eq(loginFailures.address, address.slice(0, 64)),
      );
    },

    /** Failed sign-ins from one address over every account (the per-address ceiling). */
    async countRecentLoginFailuresFromAddress(address: string, sinceSeconds: number) {
      return countRecentFailures(db, sinceSeconds, eq(loginFailures.address, address.slice(0, 64)));
    },

    async recordSecurityEvent(event: SecurityEventInsert) {
      // The audit trail (platform.md 14.6) carries the sign-ins, sign-outs, permission and second-factor changes too.
      const action = AUDITED_SECURITY_EVENTS[event.kind];
      if (action) {
        const actor = event.actor && UUID_PATTERN.test(event.actor) ? event.actor : null;
        await recordAuditEvent(db, {
          action,
          userId: action === 'permission_change' ? actor : (event.userId ?? null),
          model: 'user',
          recordId: event.userId ?? null,
          changes: { event: event.kind, email: (event.email ?? '').slice(0, 254), ...(event.actor && !actor ? { by: event.actor } : {}), ...((event.detail as object | null) ?? {}) },
          ip: event.address ?? null,
        });
      }
      await db.insert(securityEvents).values({
        ...event,
        email: (event.email ?? '').slice(0, 254),
        actor: (event.actor ?? '').slice(0, 100),
        address: event.address?.slice(0, 64) ?? null,
        userAgent: event.userAgent?.slice(0, 500) ?? null,
      });
    },

    async securityEventsByIds(ids: string[]): Promise<SecurityEventRow[]> {
      return db.select().from(securityEvents).where(inArray(securityEvents.id, ids));
    },

    async clearLoginFailures(email: string, address: string) {
      await db.delete(loginFailures).where(and(eq(loginFailures.email, email.toLowerCase().slice(0, 254)), eq(loginFailures.address, address.slice(0, 64))));
    },

    async getProfile(userId: string): Promise<ProfileRow | undefined> {
      const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId));
      return row;
    },

    async upsertProfile(userId: string, values: Partial<typeof profiles.$inferInsert>): Promise<ProfileRow> {
      const changes = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
      if (Object.keys(changes).length === 0) {
        await db.insert(profiles).values({ userId }).onConflictDoNothing();
      } else {
        await db
          .insert(profiles)
          .values({ ...changes, userId })
          .onConflictDoUpdate({ target: profiles.userId, set: changes });
      }
      const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId));
      return row!;
    },

    async getAppSetting(userId: string): Promise<AppSettingRow | undefined> {
      const [row] = await db.select().from(appSettings).where(eq(appSettings.userId, userId));
      return row;
    },

    /** Creates the defaults once; concurrent first reads both see the same row. */
    async ensureAppSetting(userId: string, defaults: Omit<typeof appSettings.$inferInsert, 'userId'>): Promise<AppSettingRow> {
      await db
        .insert(appSettings)
        .values({ ...defaults, userId })
        .onConflictDoNothing();
      const [row] = await db.select().from(appSettings).where(eq(appSettings.userId, userId));
      return row!;
    },

    async updateAppSetting(userId: string, values: Partial<typeof appSettings.$inferInsert>): Promise<AppSettingRow> {
      const [row] = await db
        .update(appSettings)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(appSettings.userId, userId))
        .returning();
      return row!;
    },

    async getPageSetting(userId: string, id: string): Promise<PageSettingRow | undefined> {
      const [row] = await db
        .select()
        .from(pageSettings)
        .where(and(eq(pageSettings.id, id), eq(pageSettings.userId, userId)));
      return row;
    },

    async insertPageSetting(values: typeof pageSettings.$inferInsert): Promise<PageSettingRow> {
      const [row] = await db.insert(pageSettings).values(values).returning();
      return row!;
    },

    async updatePageSetting(userId: string, id: string, values: Partial<typeof pageSettings.$inferInsert>) {
      const [row] = await db
        .update(pageSettings)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(pageSettings.id, id), eq(pageSettings.userId, userId)))
        .returning();
      return row;
    },

    async deletePageSetting(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(pageSettings)
        .where(and(eq(pageSettings.id, id), eq(pageSettings.userId, userId)))
        .returning({ id: pageSettings.id });
      return rows.length > 0;
    },

    async groupsForUsers(userIds: string[]) {
      if (!userIds.length) return [];
      return db
        .select({ userId: userGroups.userId, id: groups.id, name: groups.name })
        .from(userGroups)
        .innerJoin(groups, eq(groups.id, userGroups.groupId))
        .where(inArray(userGroups.userId, userIds));
    },
  };
}

export type IdentityRepository = ReturnType<typeof createIdentityRepository>;

export function createUserDirectoryRepository(db: DbOrTx) {
  return {
    async publicUsersByIds(ids: string[]) {
      const rows = await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(inArray(users.id, ids));
      return rows.map((r) => ({ id: r.id, full_name: `${r.firstName} ${r.lastName}`.trim(), email: r.email }));
    },
    async pageSettingsByIds(ids: string[]) {
      return db.select().from(pageSettings).where(inArray(pageSettings.id, ids));
    },
  };
}
