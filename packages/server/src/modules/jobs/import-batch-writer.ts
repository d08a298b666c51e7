import type { JobError } from '@ops/contract/jobs/jobs.schemas';
import type { AuthUser } from '../../platform/auth';
import type { Tx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { auditRows, snapshotOf, type AuditEntry } from '../../platform/audit';
import {
  recordColumns,
  recordEntity,
  recordFieldValue,
  recordsWriterFor,
  type AnyRow,
  type CreateWrite,
  type UpdateWrite,
} from '../records/index';
import { jobErrorsOf } from './job-errors';
import { createJobsRepository, type JobChangeRow } from './jobs.repository';
import type { ImportTarget, PreparedRow } from './import-targets';
import type { UncheckedFields } from './job-targets';

// Writing an import's batch: set-based where it can, row by row (each in its savepoint) where it cannot.

/** The changed fields' values before an update, in API field names, as the undo log keeps them. */
function previousValues(target: ImportTarget, input: object, before: AnyRow): UncheckedFields {
  return Object.fromEntries(Object.keys(input).map((field) => [field, recordFieldValue(target.entity, before, field)]));
}

/** A row's validated write (prepare() set it when it made the row a create or an update). */
function writeOf(r: PreparedRow): CreateWrite | UpdateWrite {
  const write = r.kind === 'create' ? r.create : r.update;
  if (!write) throw new Error(`Import row ${r.row} has no validated ${r.kind}.`);
  return write;
}

/** An error PostgreSQL answered (a constraint, a bad value), as opposed to a bug or a lost connection. */
function isDatabaseError(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && /^(22|23)/.test(code)) return true;
  return isDatabaseError((error as { cause?: unknown }).cause, depth + 1);
}

/** The old path, one record at a time in its own savepoint: used for rows the set-based path leaves out, and to name the row a failed batch statement tripped on. */
async function writeRowByRow(
  tx: Tx,
  target: ImportTarget,
  jobId: string,
  rows: PreparedRow[],
  actor: AuthUser,
  errors: JobError[],
) {
  for (const r of rows) {
    try {
      await tx.transaction(async (savepoint) => {
        const records = recordsWriterFor(savepoint);
        if (r.create) {
          const row = await records.create(r.create, actor);
          await createJobsRepository(savepoint).recordChange({ jobId, recordId: row.id, action: 'create', before: null, writtenAt: row.updatedAt });
        } else {
          const update = writeOf(r);
          const result = await records.update(update, r.recordId!, actor);
          if (!result) throw notFound();
          await createJobsRepository(savepoint).recordChange({
            jobId,
            recordId: r.recordId!,
            action: 'update',
            before: previousValues(target, update.input, result.before),
            writtenAt: result.after.updatedAt,
          });
        }
      });
    } catch (error) {
      errors.push(...jobErrorsOf(error, { row: r.row }));
    }
  }
}

/**
 * A batch's creates and updates written set-based: the records to update locked in one
 * statement, the rules between fields checked for the whole batch, then one multi-row INSERT,
 * one UPDATE ... FROM jsonb_to_recordset, one INSERT of audit entries and one of undo rows, all
 * inside a savepoint. When a statement fails (a unique key, a check), the savepoint rolls back
 * (nothing of the batch stays) and the batch goes row by row so each failing row is named.
 */
export async function writeBatch(
  tx: Tx,
  target: ImportTarget,
  jobId: string,
  rows: PreparedRow[],
  actor: AuthUser,
  errors: JobError[],
) {
  if (!rows.length) return;
  const config = recordEntity(target.entity);
  // Rules a set-based check does not cover (a record referring to itself or its descendants) go row by row.
  const perRow = (r: PreparedRow) =>
    config.relationKind !== undefined ||
    (config.nonColumns ?? []).some((field) => field in writeOf(r).input) ||
    (r.kind === 'update' && ['parent', 'master_record', 'reports_to'].some((field) => field in writeOf(r).input));
  const slow = rows.filter(perRow);
  let fast = rows.filter((r) => !perRow(r));
  const records = recordsWriterFor(tx);
  const current = new Map<string, AnyRow>();
  const updates = fast.filter((r) => r.kind === 'update');
  for (const row of await records.batch.lock(
    target.entity,
    updates.map((r) => r.recordId!),
    actor,
  ))
    current.set(row.id, row);
  const refused = new Set<PreparedRow>();
  for (const r of updates)
    if (!current.has(r.recordId!)) {
      errors.push(...jobErrorsOf(notFound(), { row: r.row }));
      refused.add(r);
    }
  // A sub-industry must belong to the row's industry (the file's or the stored one): one query per batch.
  if ('sub_industry' in config.refs) {
    // Clients and cost centres carry both fields; the writes narrow to them.
    const industryFields = (r: PreparedRow) => {
      const write = writeOf(r);
      return write.entity === 'client' || write.entity === 'costCentre' ? write.input : {};
    };
    const subs = [...new Set(fast.map((r) => industryFields(r).sub_industry).filter((v): v is string => typeof v === 'string'))];
    const industryOf = await records.batch.industriesOfSubIndustries(subs);
    const storedText = (value: unknown) => (typeof value === 'string' ? value : null);
    for (const r of fast) {
      const fields = industryFields(r);
      if (refused.has(r) || !('sub_industry' in fields || 'industry' in fields)) continue;
      const stored = r.recordId ? current.get(r.recordId) : undefined;
      const sub = 'sub_industry' in fields ? fields.sub_industry : storedText(stored?.subIndustryId);
      const industry = 'industry' in fields ? fields.industry : storedText(stored?.industryId);
      if (sub && (!industry || industryOf.get(sub) !== industry)) {
        errors.push({ row: r.row, field: 'sub_industry', message: 'The sub-industry must belong to the selected industry.' });
        refused.add(r);
      }
    }
  }
  fast = fast.filter((r) => !refused.has(r));
  try {
    await tx.transaction(async (savepoint) => {
      const now = new Date();
      // Audit entries and undo rows in the order the records are written: the creates, then the updates.
      const createAudits: AuditEntry[] = [];
      const createChanges: JobChangeRow[] = [];
      const updateAudits: AuditEntry[] = [];
      const updateChanges: JobChangeRow[] = [];
      const batch = recordsWriterFor(savepoint).batch;
      const creates = fast.filter((r) => r.kind === 'create');
      const inserting = batch
        .create(
          target.entity,
          creates.map((r) => recordColumns(writeOf(r))),
          actor,
        )
        .then((inserted) => {
          for (const row of inserted) {
            createAudits.push({ model: config.model, recordId: row.id, action: 'create', userId: actor.id, before: null, after: snapshotOf(row) });
            createChanges.push({ jobId, recordId: row.id, action: 'create', before: null, writtenAt: row.updatedAt });
          }
        });
      // Awaited below with the update; handled here too, should building the update throw first.
      inserting.catch(() => undefined);
      const toUpdate = fast.filter((r) => r.kind === 'update');
      const updating = batch
        .update(
          target.entity,
          toUpdate.map((r) => ({ id: r.recordId!, values: recordColumns(writeOf(r)) })),
          actor,
          now,
        )
        .then((updated) => {
          const byId = new Map(updated.map((row) => [row.id, row]));
          for (const r of toUpdate) {
            const before = current.get(r.recordId!)!;
            const after = byId.get(r.recordId!);
            if (!after) throw new Error(`The import's update of ${r.recordId} wrote nothing.`);
            updateAudits.push({
              model: config.model,
              recordId: after.id,
              action: 'update',
              userId: actor.id,
              before: snapshotOf(before),
              after: snapshotOf(after),
            });
            updateChanges.push({
              jobId,
              recordId: after.id,
              action: 'update',
              before: previousValues(target, writeOf(r).input, before),
              writtenAt: after.updatedAt,
            });
          }
        });
      // The insert and the update are sent together (the connection runs them one after the other, and a
      // failed insert fails the update too): PostgreSQL writes the updates while the created rows' audit
      // entries are built here.
      await Promise.all([inserting, updating]);
      await createJobsRepository(savepoint).recordBatch(auditRows([...createAudits, ...updateAudits]), [...createChanges, ...updateChanges]);
    });
  } catch (error) {
    // Nothing of the set-based write stayed (its savepoint rolled back): row by row names the failing rows.
    if (!isDatabaseError(error)) throw error;
    await writeRowByRow(tx, target, jobId, fast, actor, errors);
  }
  await writeRowByRow(tx, target, jobId, slow, actor, errors);
}
