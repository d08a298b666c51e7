import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerConstraintMessage } from '../../platform/errors';
import { writeAudits } from '../../platform/audit';
import { createRecordsRepository } from './records.repository';
import { createRecordsService } from './records.service';
import { recordsRoutes } from './records.routes';

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
  'Ensure this value is greater than or equal to 0.',
);
registerConstraintMessage('records_address_latitude_ck', 'latitude', 'Ensure this value is between -90 and 90.');
registerConstraintMessage('records_address_longitude_ck', 'longitude', 'Ensure this value is between -180 and 180.');

/** Accounts, base data, operations, directory maps, allocation: the business records of spec 02. */
export const recordsPlugin = fp(
  async (app: FastifyInstance) => {
    const { db } = app.database;
    const repository = createRecordsRepository(db);
    const records = createRecordsService({
      db,
      repository,
      transaction: (work) =>
        db.transaction((tx) => work({ repository: createRecordsRepository(tx), audit: (entries) => writeAudits(tx, entries) })),
    });
    await app.register(recordsRoutes, { records, repository });
  },
  { name: 'records', dependencies: ['identity'] },
);
