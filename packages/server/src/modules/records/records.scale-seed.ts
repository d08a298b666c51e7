import { sql } from 'drizzle-orm';
import { uuidv7 } from '../../db/ids';
import type { Database } from '../../platform/db';
import { withBulkSession, withDeferredIndexes } from '../../platform/bulk-load';
import { createRecordsRepository } from './records.repository';
import { bulkTableName, bulkTableOf, type BulkRow, type BulkTable } from './records.tables';
import { CITIES, createRandom, FIRST_NAMES, INDUSTRIES, LAST_NAMES, near, STREETS } from './records.demo-data';
import { ACCOUNT_TYPES, OPERATION_STATUSES } from '@ops/contract/records/records.schemas';

/**
 * `npm run seed -- --scale N`: N x 100,000 clients with, per client, one
 * address, two contacts, one contact person (with a contact) and 2.5 cost
 * centres (each with an address and a contact). Rows are generated in chunks
 * and streamed with COPY (or, with `--batch-size`, multi-row INSERTs of that
 * many rows), in one transaction with the tables' indexes and foreign keys
 * built after the load (all or nothing); the next chunk is generated while
 * the database writes the previous one. The tables are analysed at the end so the planner sees them.
 */
export interface ScaleSeedOptions {
  database: Database;
  scale: number;
  ownerId: string;
  print: (line: string) => void;
  batchSize?: number;
  /** Clients generated and written per round (bounds memory). */
  chunkClients?: number;
  /** Told the clients written after each round (the CLI's bar on a terminal); without it, a line per round is printed. */
  progress?: (clients: number) => void;
}

export interface ScaleSeedResult {
  clients: number;
  rows: number;
  seconds: number;
  rowsPerSecond: number;
}

export async function seedScale(options: ScaleSeedOptions): Promise<ScaleSeedResult> {
  const { database, scale, ownerId, print } = options;
  const totalClients = Math.round(scale * 100_000);
  const chunk = options.chunkClients ?? 5000;
  const random = createRandom(Math.round(scale * 1000) + 7);
  // A run tag keeps account numbers and codes unique when the seed runs more than once.
  const tag = Date.now().toString(36).slice(-3).toUpperCase();
  const started = Date.now();
  let rows = 0;
  const audit = { createdById: ownerId, updatedById: ownerId };
  const tables: BulkTable[] = [
    'legalEntity',
    'industry',
    'subIndustry',
    'client',
    'costCentre',
    'contactPerson',
    'address',
    'contact',
  ];

  // Base data the synthetic clients refer to.
  const legalEntities = INDUSTRIES.map((industry) => ({
    id: uuidv7(),
    name: `Scale ${tag} ${industry.legalEntity} Pty Ltd`,
    ...audit,
  }));
  const industries = INDUSTRIES.map((industry) => ({ id: uuidv7(), name: `${industry.name} (scale ${tag})`, ...audit }));
  const subIndustries = INDUSTRIES.flatMap((industry, i) =>
    industry.subIndustries.map((name) => ({ id: uuidv7(), name, industryId: industries[i]!.id, ...audit })),
  );
  const subsByIndustry = industries.map((industry) => subIndustries.filter((s) => s.industryId === industry.id).map((s) => s.id));

  let siteCounter = 0;
  function generate(from: number, count: number) {
    const clients: BulkRow<'client'>[] = [];
    const costCentres: BulkRow<'costCentre'>[] = [];
    const persons: BulkRow<'contactPerson'>[] = [];
    const addresses: BulkRow<'address'>[] = [];
    const contacts: BulkRow<'contact'>[] = [];
    for (let i = 0; i < count; i++) {
      const n = from + i;
      const k = n % INDUSTRIES.length;
      const industry = INDUSTRIES[k]!;
      const city = CITIES[random.int(0, CITIES.length - 1)]!;
      const id = uuidv7();
      const name = `${industry.clientNames[n % industry.clientNames.length]!.replace('{place}', random.pick(city.suburbs))} ${n + 1}`;
      clients.push({
        id,
        ownerId,
        accountNumber: `S${tag}-${n + 1}`,
        abn: random.digits(11),
        name,
        legalEntityId: legalEntities[k]!.id,
        industryId: industries[k]!.id,
        subIndustryId: random.pick(subsByIndustry[k]!),
        relationStatus: random.chance(0.9) ? 'ACTIVE' : 'INACTIVE',
        accountType: random.pick(ACCOUNT_TYPES),
        numberOfEmployees: random.int(5, 5000),
        ...audit,
      });
      const street = `${random.int(1, 900)} ${random.pick(STREETS)}`;
      addresses.push({
        id: uuidv7(),
        clientId: id,
        addressName: 'Head office',
        purpose: 'BUSINESS',
        isPrimary: true,
        streetAddress: street,
        locality: city.name,
        state: city.state,
        postalCode: city.postcode,
        country: 'Australia',
        ...near(random, city, 25),
        ...audit,
      });
      contacts.push({
        id: uuidv7(),
        clientId: id,
        contactType: 'EMAIL',
        contactDetail: `office${n + 1}@scale.example`,
        isPrimary: true,
        ...audit,
      });
      contacts.push({
        id: uuidv7(),
        clientId: id,
        contactType: 'PHONE',
        contactDetail: `0${random.int(2, 8)} ${random.digits(4)} ${random.digits(4)}`,
        isPrimary: true,
        ...audit,
      });
      const personId = uuidv7();
      persons.push({
        id: personId,
        companyId: id,
        firstName: random.pick(FIRST_NAMES),
        lastName: random.pick(LAST_NAMES),
        ...audit,
      });
      contacts.push({
        id: uuidv7(),
        contactPersonId: personId,
        contactType: 'MOBILE',
        contactDetail: `04${random.digits(2)} ${random.digits(3)} ${random.digits(3)}`,
        isPrimary: true,
        ...audit,
      });
      const sites = n % 2 === 0 ? 2 : 3;
      for (let s = 0; s < sites; s++) {
        siteCounter += 1;
        const siteId = uuidv7();
        costCentres.push({
          id: siteId,
          code: `${tag}${siteCounter.toString(36).toUpperCase()}`.slice(0, 10),
          name: `${name.slice(0, 35)} ${random.pick(industry.siteNames)}`.slice(0, 50),
          email: `site${siteCounter}@scale.example`,
          operationStatus: random.pick(OPERATION_STATUSES),
          legalEntityId: legalEntities[k]!.id,
          clientId: id,
          industryId: industries[k]!.id,
          ...audit,
        });
        addresses.push({
          id: uuidv7(),
          costCentreId: siteId,
          addressName: 'Site',
          purpose: 'DELIVERY',
          isPrimary: true,
          streetAddress: street,
          locality: city.name,
          state: city.state,
          postalCode: city.postcode,
          country: 'Australia',
          ...near(random, city, 25),
          ...audit,
        });
        contacts.push({
          id: uuidv7(),
          costCentreId: siteId,
          contactType: 'PHONE',
          contactDetail: `0${random.int(2, 8)} ${random.digits(4)} ${random.digits(4)}`,
          isPrimary: true,
          ...audit,
        });
      }
    }
    return { clients, costCentres, persons, addresses, contacts };
  }

  let loaded = 0;
  let indexed = 0;
  await withBulkSession(database, async (session) => {
    const write = async <K extends BulkTable>(name: K, data: BulkRow<K>[]) => {
      if (options.batchSize) await createRecordsRepository(session.db).insertMany(name, data, { batchSize: options.batchSize });
      else await session.copy(bulkTableOf(name), data as Record<string, unknown>[]);
      rows += data.length;
    };
    if (database.engine === 'postgres') await session.db.execute(sql`set local maintenance_work_mem = '256MB'`);
    await withDeferredIndexes(
      session.db,
      tables.map(bulkTableName),
      async () => {
        await write('legalEntity', legalEntities);
        await write('industry', industries);
        await write('subIndustry', subIndustries);
        let pending: Promise<void> = Promise.resolve();
        for (let from = 0; from < totalClients; from += chunk) {
          const count = Math.min(chunk, totalClients - from);
          const next = generate(from, count);
          // The next chunk was generated while the database wrote the previous one.
          await pending;
          pending = (async () => {
            await write('client', next.clients);
            await write('costCentre', next.costCentres);
            await write('contactPerson', next.persons);
            await write('address', next.addresses);
            await write('contact', next.contacts);
            if (options.progress) return options.progress(count);
            const seconds = (Date.now() - started) / 1000;
            const done = from + count;
            const rate = rows / Math.max(seconds, 0.001);
            const left = rate > 0 ? ((totalClients - done) / done) * seconds : 0;
            print(
              `seed: ${done.toLocaleString('en-AU')}/${totalClients.toLocaleString('en-AU')} clients, ${rows.toLocaleString('en-AU')} rows, ${Math.round(rate).toLocaleString('en-AU')} rows/s, ~${Math.round(left)} s left`,
            );
          })();
        }
        await pending;
        loaded = (Date.now() - started) / 1000;
        print(`seed: rows loaded in ${loaded.toFixed(1)} s; building indexes and checking foreign keys`);
      },
      print,
    );
    indexed = (Date.now() - started) / 1000;
  });
  print(`seed: indexes and foreign keys in ${(indexed - loaded).toFixed(1)} s; vacuum analyze`);
  // VACUUM also sets the visibility map, so index-only scans (counts, keyset pages) skip the heap.
  for (const table of tables) await database.query(`vacuum analyze ${bulkTableName(table)}`);
  const seconds = (Date.now() - started) / 1000;
  return { clients: totalClients, rows, seconds, rowsPerSecond: rows / Math.max(seconds, 0.001) };
}
