import { and, asc, count, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { authTokens, mfaChallenges, mfaPasskeys, mfaRecoveryCodes, mfaTotp, sessions, users } from '../../db/schema/identity';

export type TotpRow = typeof mfaTotp.$inferSelect;
export type PasskeyRow = typeof mfaPasskeys.$inferSelect;
export type ChallengeRow = typeof mfaChallenges.$inferSelect;
export type CredentialKind = 'token' | 'session';

/** A sign-in (session or token) as the sessions page lists it. */
export interface CredentialRow {
  id: string;
  kind: CredentialKind;
  digest: string;
  createdAt: Date;
  lastSeenAt: Date | null;
  ip: string | null;
  userAgent: string | null;
}

const tableOf = (kind: CredentialKind) => (kind === 'token' ? authTokens : sessions);

/** Account security's statements (spec platform §14.5): second factors, pending proofs, sign-ins by id. */
export function createMfaRepository(db: DbOrTx) {
  return {
    async getTotp(userId: string): Promise<TotpRow | undefined> {
      const [row] = await db.select().from(mfaTotp).where(eq(mfaTotp.userId, userId));
      return row;
    },

    /** A new, unconfirmed secret (replacing an unconfirmed one); answers false when a confirmed one exists. */
    async startTotp(userId: string, secret: string): Promise<boolean> {
      const rows = await db
        .insert(mfaTotp)
        .values({ userId, secret })
        .onConflictDoUpdate({ target: mfaTotp.userId, set: { secret, createdAt: sql`now()`, lastUsedStep: null }, setWhere: isNull(mfaTotp.confirmedAt) })
        .returning({ userId: mfaTotp.userId });
      return rows.length > 0;
    },

    /**
     * Takes the code of `step`: only when no code of this step or a later one was taken before, so
     * a code is accepted once (and an older one never after a newer). Confirms a pending secret.
     */
    async takeTotpStep(userId: string, step: number, confirm: boolean): Promise<boolean> {
      const rows = await db
        .update(mfaTotp)
        .set({ lastUsedStep: step, ...(confirm ? { confirmedAt: sql`now()` } : {}) })
        .where(
          and(
            eq(mfaTotp.userId, userId),
            confirm ? isNull(mfaTotp.confirmedAt) : sql`${mfaTotp.confirmedAt} is not null`,
            or(isNull(mfaTotp.lastUsedStep), lt(mfaTotp.lastUsedStep, step)),
          ),
        )
        .returning({ userId: mfaTotp.userId });
      return rows.length > 0;
    },

    /** Every stored TOTP secret with its user (the start-up sealing; a handful of rows per user at most). */
    async listTotpSecrets(): Promise<{ userId: string; secret: string }[]> {
      return db.select({ userId: mfaTotp.userId, secret: mfaTotp.secret }).from(mfaTotp);
    },

    /** Replaces a secret with its sealed form, only while it is still `previous` (another instance may have done it). */
    async replaceTotpSecret(userId: string, previous: string, next: string): Promise<boolean> {
      const rows = await db
        .update(mfaTotp)
        .set({ secret: next })
        .where(and(eq(mfaTotp.userId, userId), eq(mfaTotp.secret, previous)))
        .returning({ userId: mfaTotp.userId });
      return rows.length > 0;
    },

    async deleteTotp(userId: string): Promise<boolean> {
      const rows = await db.delete(mfaTotp).where(eq(mfaTotp.userId, userId)).returning({ userId: mfaTotp.userId });
      return rows.length > 0;
    },

    async replaceRecoveryCodes(userId: string, digests: string[]) {
      await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
      if (digests.length) await db.insert(mfaRecoveryCodes).values(digests.map((digest) => ({ userId, digest })));
    },

    async recoveryCodesLeft(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(mfaRecoveryCodes)
        .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
      return row?.n ?? 0;
    },

    /** Marks an unused recovery code used; answers whether there was one (a code works once). */
    async useRecoveryCode(userId: string, digest: string): Promise<boolean> {
      const rows = await db
        .update(mfaRecoveryCodes)
        .set({ usedAt: sql`now()` })
        .where(and(eq(mfaRecoveryCodes.userId, userId), eq(mfaRecoveryCodes.digest, digest), isNull(mfaRecoveryCodes.usedAt)))
        .returning({ id: mfaRecoveryCodes.id });
      return rows.length > 0;
    },

    async listPasskeys(userId: string): Promise<PasskeyRow[]> {
      return db.select().from(mfaPasskeys).where(eq(mfaPasskeys.userId, userId)).orderBy(asc(mfaPasskeys.createdAt), asc(mfaPasskeys.id));
    },

    async insertPasskey(values: typeof mfaPasskeys.$inferInsert): Promise<PasskeyRow> {
      const [row] = await db.insert(mfaPasskeys).values(values).returning();
      return row!;
    },

    async findPasskey(userId: string, credentialId: string): Promise<PasskeyRow | undefined> {
      const [row] = await db
        .select()
        .from(mfaPasskeys)
        .where(and(eq(mfaPasskeys.userId, userId), eq(mfaPasskeys.credentialId, credentialId)));
      return row;
    },

    async markPasskeyUsed(id: string, counter: number) {
      await db.update(mfaPasskeys).set({ counter, lastUsedAt: sql`now()` }).where(eq(mfaPasskeys.id, id));
    },

    async deletePasskey(userId: string, id: string): Promise<PasskeyRow | undefined> {
      const [row] = await db
        .delete(mfaPasskeys)
        .where(and(eq(mfaPasskeys.userId, userId), eq(mfaPasskeys.id, id)))
        .returning();
      return row;
    },

    /** Keeps `auth_user.mfa_enabled` (read with every credential) equal to "has a confirmed factor". */
    async syncMfaEnabled(userId: string): Promise<boolean> {
      const [row] = await db
        .update(users)
        .set({
          mfaEnabled: sql`exists (select 1 from ${mfaTotp} where ${mfaTotp.userId} = ${userId} and ${mfaTotp.confirmedAt} is not null)
            or exists (select 1 from ${mfaPasskeys} where ${mfaPasskeys.userId} = ${userId})`,
        })
        .where(eq(users.id, userId))
        .returning({ mfaEnabled: users.mfaEnabled });
      return row?.mfaEnabled ?? false;
    },

    async insertChallenge(values: typeof mfaChallenges.$inferInsert): Promise<ChallengeRow> {
      const [row] = await db.insert(mfaChallenges).values(values).returning();
      return row!;
    },

    /** A live challenge of the purpose by its digest. */
    async findChallenge(digest: string, purpose: string): Promise<ChallengeRow | undefined> {
      const [row] = await db
        .select()
        .from(mfaChallenges)
        .where(and(eq(mfaChallenges.digest, digest), eq(mfaChallenges.purpose, purpose), gt(mfaChallenges.expiresAt, sql`now()`)));
      return row;
    },

    /** Deletes a live challenge and answers it: at most one caller uses a challenge. */
    async takeChallenge(digest: string, purpose: string): Promise<ChallengeRow | undefined> {
      const [row] = await db
        .delete(mfaChallenges)
        .where(and(eq(mfaChallenges.digest, digest), eq(mfaChallenges.purpose, purpose), gt(mfaChallenges.expiresAt, sql`now()`)))
        .returning();
      return row;
    },

    async setChallengeWebauthn(id: string, challenge: string) {
      await db.update(mfaChallenges).set({ webauthnChallenge: challenge }).where(eq(mfaChallenges.id, id));
    },

    async deleteChallenge(id: string) {
      await db.delete(mfaChallenges).where(eq(mfaChallenges.id, id));
    },

    async deleteExpiredChallenges() {
      await db.delete(mfaChallenges).where(lt(mfaChallenges.expiresAt, sql`now()`));
    },

    /** The user's live sessions and tokens, most recently used first. */
    async listCredentials(userId: string): Promise<CredentialRow[]> {
      const columns = (kind: CredentialKind) => {
        const table = tableOf(kind);
        return {
          id: table.id,
          kind: sql<CredentialKind>`${kind}::text`.as('kind'),
          digest: table.digest,
          createdAt: table.createdAt,
          lastSeenAt: table.lastSeenAt,
          ip: table.ip,
          userAgent: table.userAgent,
        };
      };
      const live = (kind: CredentialKind) => {
        const table = tableOf(kind);
        return and(eq(table.userId, userId), gt(table.expiry, sql`now()`));
      };
      const rows = await db
        .select(columns('session'))
        .from(sessions)
        .where(live('session'))
        .unionAll(db.select(columns('token')).from(authTokens).where(live('token')));
      // The union's timestamps come back as the driver gives them (strings on some engines); a
      // user has a handful of sign-ins, ordered here by last use.
      const seen = (row: CredentialRow) => (row.lastSeenAt ?? row.createdAt).getTime();
      return rows
        .map((row) => ({ ...row, createdAt: new Date(row.createdAt), lastSeenAt: row.lastSeenAt === null ? null : new Date(row.lastSeenAt) }))
        .sort((a, b) => seen(b) - seen(a) || a.id.localeCompare(b.id));
    },

    /** Ends one of the user's sessions or tokens by its public id; answers its kind and digest. */
    async deleteCredential(userId: string, id: string): Promise<{ kind: CredentialKind; digest: string } | undefined> {
      for (const kind of ['session', 'token'] as const) {
        const table = tableOf(kind);
        const [row] = await db
          .delete(table)
          .where(and(eq(table.userId, userId), eq(table.id, id)))
          .returning({ digest: table.digest });
        if (row) return { kind, digest: row.digest };
      }
      return undefined;
    },

    /** Ends every session and token of the user but `keep` (the caller's own); answers the ended ones. */
    async deleteOtherCredentials(userId: string, keep: { kind: CredentialKind; digest: string }): Promise<{ kind: CredentialKind; digest: string }[]> {
      const ended: { kind: CredentialKind; digest: string }[] = [];
      for (const kind of ['session', 'token'] as const) {
        const table = tableOf(kind);
        const rows = await db
          .delete(table)
          .where(and(eq(table.userId, userId), kind === keep.kind ? ne(table.digest, keep.digest) : undefined))
          .returning({ digest: table.digest });
        ended.push(...rows.map((row) => ({ kind, digest: row.digest })));
      }
      return ended;
    },

    /** Removes every second factor of the user (an administrator's reset); answers what there was. */
    async deleteAllFactors(userId: string): Promise<{ totp: boolean; passkeys: number; recoveryCodes: number }> {
      const totp = await db.delete(mfaTotp).where(eq(mfaTotp.userId, userId)).returning({ userId: mfaTotp.userId });
      const passkeys = await db.delete(mfaPasskeys).where(eq(mfaPasskeys.userId, userId)).returning({ id: mfaPasskeys.id });
      const codes = await db
        .delete(mfaRecoveryCodes)
        .where(eq(mfaRecoveryCodes.userId, userId))
        .returning({ id: mfaRecoveryCodes.id, usedAt: mfaRecoveryCodes.usedAt });
      return { totp: totp.length > 0, passkeys: passkeys.length, recoveryCodes: codes.filter((c) => c.usedAt === null).length };
    },

    /** Whether the credential confirmed its user (sign-in or step-up) within the last `seconds`. */
    async verifiedWithin(kind: CredentialKind, digest: string, seconds: number): Promise<boolean> {
      const table = tableOf(kind);
      const [row] = await db
        .select({ ok: sql<boolean>`${table.verifiedAt} > now() - make_interval(secs => ${seconds})` })
        .from(table)
        .where(eq(table.digest, digest));
      return row?.ok === true;
    },

    /** Records a check (step-up) on the credential; answers until when it counts. */
    async markVerified(kind: CredentialKind, digest: string, seconds: number): Promise<Date | undefined> {
      const table = tableOf(kind);
      const [row] = await db
        .update(table)
        .set({ verifiedAt: sql`now()` })
        .where(eq(table.digest, digest))
        .returning({ until: sql<string>`${table.verifiedAt} + make_interval(secs => ${seconds})` });
      return row ? new Date(row.until) : undefined;
    },

    /** Last use of many credentials of one kind at once (the last-seen writer's flush). */
    async touchCredentials(kind: CredentialKind, seen: { digest: string; at: Date; ip: string | null; userAgent: string | null }[]) {
      if (!seen.length) return;
      const table = tableOf(kind);
      const values = sql.join(
        seen.map((s) => sql`(${s.digest}::varchar, ${s.at.toISOString()}::timestamptz, ${s.ip?.slice(0, 64) ?? null}::varchar, ${s.userAgent?.slice(0, 500) ?? null}::varchar)`),
        sql`, `,
      );
      await db.execute(sql`
        update ${table} as t
           set last_seen_at = v.at, ip = coalesce(v.ip, t.ip), user_agent = coalesce(v.user_agent, t.user_agent)
          from (values ${values}) as v(digest, at, ip, user_agent)
         where t.digest = v.digest and (t.last_seen_at is null or t.last_seen_at < v.at)`);
    },
  };
}

export type MfaRepository = ReturnType<typeof createMfaRepository>;
