/**
 * Business records of spec api-contract §3 (accounts, base data, operations, maps). Input
 * schemas take references as ids; output shapes embed the referenced records. One file per
 * group; this is the records' schema entry the server and web import.
 */
export * from './records.values';
export { choice, decimal } from './record-fields';
export * from './addresses.schemas';
export * from './base-data.schemas';
export * from './accounts.schemas';
export * from './operations.schemas';
export * from './maps.schemas';
