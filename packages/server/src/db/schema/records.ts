/**
 * The records module's tables (spec api-contract §3), one file per group: base data, accounts,
 * operations, the addresses and contacts every record owns, and allocations. Code imports them
 * from here (`db/schema/records`); drizzle-kit reads the part files through drizzle.config.ts's glob.
 */
export * from './records-base';
export * from './records-accounts';
export * from './records-operations';
export * from './records-addresses-contacts';
export * from './records-allocations';
