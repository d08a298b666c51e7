import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerConstraintMessage } from '../../platform/errors';
import { diffSnapshots, writeAudits, type AuditEntry } from '../../platform/audit';
import type { DbOrTx } from '../../platform/db';
import { createRecordsRepository } from './records.repository';
import { createRecordsService } from './records.service';
import { createOwnedRecordsService } from './owned-records.service';
import { createDirectoryMapService } from './directory-map.service';
import { createAllocatedRecords } from './allocated-records';
import { recordsRoutes } from './records.routes';
import type { RunInTransaction } from './records.entities';
import { ERROR_MESSAGES } from '@ops/contract/common/errors';

registerConstraintMessage(
  'accounts_client_account_number_uq',
  'account_number',
  'client with this account number already exists.',
);
registerConstraintMessage('base_legal_entity_abbr_uq', 'abbr', 'legal entity with this abbr already exists.');
registerConstraintMessage('operations_cost_centre_code_uq', 'code', 'cost centre with this code already exists.');
registerConstraintMessage(
  'accounts_client_number_of_employees_ck',
  'number_of_employees',
  ERROR_MESSAGES.notNegative,
);
registerConstraintMessage('records_address_latitude_ck', 'latitude', 'Ensure this value is between -90 and 90.');
registerConstraintMessage('records_address_longitude_ck', 'longitude', 'Ensure this value is between -180 and 180.');

/** A record's committed-to-be change, as its audit entry tells it. */
export type RecordChange = Pick<AuditEntry, 'model' | 'recordId' | 'action' | 'userId' | 'before' | 'after'>;
/**
 * Told of every audited create, update and delete inside the write's transaction (app.ts hands in
 * notifications' watches); what it answers runs after the commit.
 */
export type RecordChangeListener = (tx: DbOrTx, changes: RecordChange[]) => Promise<(() => void) | undefined>;

export interface RecordsPluginOptions {
  changes?: RecordChangeListener;
}

/** Accounts, base data, operations, directory maps: the business records of spec api-contract §3 (and the allocated records identity lists). */
export const recordsPlugin = fp(
  async (app: FastifyInstance, options: RecordsPluginOptions) => {
    const { db } = app.database;
    const repository = createRecordsRepository(db);
    const transaction: RunInTransaction = async (work) => {
      const afterCommit: (() => void)[] = [];
      const audit = async (tx: DbOrTx, entries: AuditEntry[]) => {
        await writeAudits(tx, entries);
        // An update that changed nothing is not audited, and not a change either.
        const changed = entries.filter((e) => e.action !== 'update' || Object.keys(diffSnapshots(e.before, e.after)).length);
        const then = options.changes && changed.length ? await options.changes(tx, changed) : undefined;
        if (then) afterCommit.push(then);
      };
      const result = await db.transaction((tx) => work({ repository: createRecordsRepository(tx), audit: (entries) => audit(tx, entries) }));
      for (const then of afterCommit) then();
      return result;
    };
    // Integrations registers after records: its payroll lookup is read when a request needs it.
    const payroll = { employeesOfCostCentre: (...args: Parameters<FastifyInstance['payroll']['employeesOfCostCentre']>) => app.payroll.employeesOfCostCentre(...args) };
    const records = createRecordsService({ db, repository, transaction, payroll });
    const owned = createOwnedRecordsService({ db, repository, transaction });
    const maps = createDirectoryMapService({ db, repository });
    // Identity's allocation endpoint reads the allocated records through this interface.
    app.decorate('allocatedRecords', createAllocatedRecords({ db, repository }));
    await app.register(recordsRoutes, { records, owned, maps, repository });
  },
  { name: 'records', dependencies: ['identity'] },
);
