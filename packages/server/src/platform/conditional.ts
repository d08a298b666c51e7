import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, ValidationError } from './errors';

// Conditional writes (RFC 9110 section 13; platform.md 14.6). A row's strong entity tag is derived from
// its table, id and version (the `version` column the row_version_bump trigger raises on every UPDATE,
// so sync, import and bulk writes change it too). A write carrying If-Match compares it with the row
// locked in the write's own transaction; a mismatch answers 412 with the record as it is now.

export const PRECONDITION_FAILED = 'This record was changed by someone else.';

/** The strong entity tag of one version of a row. */
export const entityTag = (table: string, id: string, version: number): string => `"${table}-${id}-${version}"`;

/** If-Match as sent: absent, any (`*`), or the listed entity tags (weak ones kept with their `W/`, they never match). */
export type IfMatch = null | '*' | string[];

// entity-tag = [ "W/" ] DQUOTE *etagc DQUOTE; etagc = %x21 / %x23-7E / obs-text (RFC 9110 8.8.3)
const TAG = /^(?:W\/)?"[\x21\x23-\x7e\x80-\xff]*"$/;

/** Parses If-Match; a malformed value is a 400 naming the header. */
export function parseIfMatch(request: FastifyRequest): IfMatch {
  const raw = request.headers['if-match'];
  if (raw === undefined) return null;
  const value = (Array.isArray(raw) ? raw.join(',') : raw).trim();
  if (value === '*') return '*';
  const tags = value.split(',').map((tag) => tag.trim()).filter((tag) => tag !== '');
  if (!tags.length || !tags.every((tag) => TAG.test(tag))) {
    throw ValidationError.field('If-Match', 'Enter one or more entity tags ("...") separated by commas, or *.');
  }
  return tags;
}

/** Strong comparison: `*` matches any current row; a weak tag never matches. */
export const ifMatchHolds = (condition: IfMatch, current: string): boolean =>
  condition === null || condition === '*' || condition.includes(current);

/** What a write or a detail read knows of the request's condition and where its answer's ETag goes. */
export interface Conditional {
  ifMatch: IfMatch;
  setTag(tag: string): void;
}

/** The request's If-Match (400 when malformed) and its reply's ETag. */
export const conditionalOf = (request: FastifyRequest, reply: FastifyReply): Conditional => ({
  ifMatch: parseIfMatch(request),
  setTag: (tag) => void reply.header('ETag', tag),
});

/** A background write's condition: the row as a job read it (version `version`); its new tag goes nowhere. */
export const expectVersion = (table: string, id: string, version: number): Conditional => ({
  ifMatch: [entityTag(table, id, version)],
  setTag: () => undefined,
});

/** A detail read's: no condition (If-Match is for writes here), only where its ETag goes. */
export const tagOf = (reply: FastifyReply): Conditional => ({ ifMatch: null, setTag: (tag) => void reply.header('ETag', tag) });

/** Thrown inside a write's transaction (rolling it back) when If-Match does not hold for the locked row. */
export class StaleRecord extends Error {
  constructor() {
    super(PRECONDITION_FAILED);
  }
}

/** Inside the write's transaction, with `row` locked: throws StaleRecord when the condition does not hold. */
export function checkIfMatch(condition: Conditional | undefined, table: string, row: { id: string; version: number }): void {
  if (condition && !ifMatchHolds(condition.ifMatch, entityTag(table, row.id, row.version))) throw new StaleRecord();
}

/**
 * Runs a conditional write; when its transaction found the row changed (StaleRecord, nothing written),
 * answers 412 with the record as it is now, read by `current` (the detail GET's shape for this user,
 * which also sets the ETag of the answer).
 */
export async function conditionalWrite<T>(write: () => Promise<T>, current: () => Promise<unknown>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof StaleRecord) throw new ApiError(412, { detail: PRECONDITION_FAILED, current: await current() });
    throw error;
  }
}
