import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as archiverModule from 'archiver';
import type { Archiver, ArchiverError, ArchiverOptions } from 'archiver';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import { auditEndpoints as ep } from '@ops/contract/audit/audit.endpoints';
import { route, type RequestAuth } from '../../platform/route';
import { recordAuditEvent } from '../../platform/audit';
import { notFound, permissionDenied } from '../../platform/errors';
import { AUDIT_ERRORS } from './audit.errors';
import { erasePerson, gatherPersonData } from '../../platform/person-data';
import type { DbOrTx } from '../../platform/db';
import { localCredentialCaches, users } from '../identity/index';

// The installed archiver (5.x) exports a factory; its @types describe 7.x's classes.
const archiver = (archiverModule as unknown as { default: (format: 'zip', options: ArchiverOptions) => Archiver }).default;

export const ERASE_MESSAGES = { yourself: AUDIT_ERRORS.message('ERASE_YOURSELF'), lastAdmin: AUDIT_ERRORS.message('ERASE_LAST_ADMIN') } as const;

const isAdmin = (user: { isSuperuser: boolean; userType: number }) => user.isSuperuser || user.userType === 1;

/** The person a request is about: 404 when there is none; a superuser only for a superuser (403). */
async function subjectOf(db: DbOrTx, auth: RequestAuth, id: string) {
  const [target] = await db.select().from(users).where(eq(users.id, id));
  if (!target) throw notFound();
  if (target.isSuperuser && !auth.user.isSuperuser) throw permissionDenied();
  return target;
}

/** `POST identity/users/{id}/erase/` and `GET identity/users/{id}/export/` (platform.md 14.6); both need step-up (the contract says so). */
export function personDataRoutes(app: FastifyInstance) {
  const db = app.database.db;

  route(app, ep.eraseUser, async ({ auth, params, request }) => {
    if (params.id === auth.user.id) throw AUDIT_ERRORS.error('ERASE_YOURSELF');
    const erased = await db.transaction(async (tx) => {
      const target = await subjectOf(tx, auth, params.id);
      if (isAdmin(target) && target.isActive) {
        // Two erasures of the last two administrators at once: one waits for the other.
        await tx.execute(sql`select pg_advisory_xact_lock(7245036, 3)`);
        const [other] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(ne(users.id, target.id), eq(users.isActive, true), or(eq(users.isSuperuser, true), eq(users.userType, 1))))
          .limit(1);
        if (!other) throw AUDIT_ERRORS.error('ERASE_LAST_ADMIN');
      }
      const result = await erasePerson(tx, target.id);
      await recordAuditEvent(tx, { action: 'erase', userId: auth.user.id, model: 'user', recordId: target.id, changes: { name: result.name }, ip: request.ip });
      return result;
    });
    localCredentialCaches.forgetUser(params.id);
    // The files go once the rows are gone for good; a file that cannot be removed now is logged (nothing points at it).
    for (const key of erased.files) await app.storage.delete(key).catch((error: unknown) => request.log.warn({ err: error, key }, 'erase: file not removed'));
    return { id: params.id, name: erased.name };
  });

  route(app, ep.exportUser, async ({ auth, params, request, reply }) => {
    const target = await subjectOf(db, auth, params.id);
    const data = await gatherPersonData(db, target.id);
    await recordAuditEvent(db, { action: 'export', userId: auth.user.id, model: 'user', recordId: target.id, changes: { kinds: data.kinds.map(([kind]) => kind), files: data.files.length }, ip: request.ip });
    const archive = archiver('zip', { zlib: { level: 6 } });
    archive.on('warning', (error: ArchiverError) => request.log.warn({ err: error }, 'person export warning'));
    archive.on('error', (error: ArchiverError) => request.log.error({ err: error }, 'person export failed'));
    for (const [kind, rows] of data.kinds) archive.append(JSON.stringify(rows, null, 2), { name: `${kind}.json` });
    void appendFiles(app, request, archive, data.files);
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="user-${target.id}.zip"`)
      .send(archive);
  });
}

/** The person's files, one stream at a time (a missing file is noted in the ZIP, not fatal), then the end. */
async function appendFiles(app: FastifyInstance, request: FastifyRequest, archive: Archiver, files: { name: string; key: string }[]) {
  const missing: string[] = [];
  for (const file of files) {
    try {
      const { stream } = await app.storage.read(file.key);
      archive.append(stream, { name: file.name });
    } catch (error) {
      request.log.warn({ err: error, key: file.key }, 'person export: file missing');
      missing.push(file.name);
    }
  }
  if (missing.length) archive.append(JSON.stringify(missing, null, 2), { name: 'files-missing.json' });
  await archive.finalize();
}
