import { sql, type SQL } from 'drizzle-orm';
import {
  TIMELINE_DEFAULT_LIMIT,
  TIMELINE_KINDS,
  TIMELINE_MAX_LIMIT,
  type TimelineEntry,
  type TimelineKind,
  type TimelinePage,
  type TimelineQuery,
} from '@ops/contract/timeline/timeline.schemas';
import type { DbOrTx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { allocationScopeOf } from '../records/index';
import type { AuthUser } from '../../platform/auth';
import { timelineSources, type TimelineSource, type TimelineSubject } from './timeline.sources';
import { TIMELINE_ERRORS } from './timeline.errors';
import { createTimelineRepository } from './timeline.repository';

/** A position in the timeline's order (at desc, kind desc, id desc): the last entry of a page. */
interface Cursor {
  /** The entry's time as PostgreSQL wrote it (microseconds, UTC). */
  at: string;
  kind: TimelineKind;
  id: string;
}

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify([cursor.at, cursor.kind, cursor.id])).toString('base64url');

function decodeCursor(text: string): Cursor {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(value) &&
      value.length === 3 &&
      typeof value[0] === 'string' &&
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(value[0]) &&
      (TIMELINE_KINDS as readonly string[]).includes(value[1]) &&
      typeof value[2] === 'string' &&
      /^[a-z]:[0-9a-f-]{1,40}$/.test(value[2])
    )
      return { at: value[0], kind: value[1] as TimelineKind, id: value[2] };
  } catch {
    // Falls through to the 400.
  }
  throw TIMELINE_ERRORS.onField('cursor', 'INVALID_CURSOR');
}

const isMidnight = (iso: string) => iso.slice(11) === '00:00:00.000000Z';
const dayOf = (iso: string) => iso.slice(0, 10);

/** An ISO instant with microseconds from a `from`/`to` parameter (a date is its day's start, or for `to` its end). */
function boundOf(value: string, end: boolean): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return `${value}T${end ? '23:59:59.999999' : '00:00:00.000000'}Z`;
  return new Date(value).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

/** `at <op> instant` on a source's own column, so its index serves the range. */
function atCompare(source: TimelineSource, op: '<' | '<=' | '>=', instant: string): SQL {
  const column = source.at.column;
  if (source.at.type === 'timestamp') return sql`${column} ${sql.raw(op)} ${instant}::timestamptz`;
  // A date's entry is at midnight UTC of that day.
  const day = dayOf(instant);
  if (op === '<=') return sql`${column} <= ${day}::date`;
  if (op === '<') return isMidnight(instant) ? sql`${column} < ${day}::date` : sql`${column} <= ${day}::date`;
  return isMidnight(instant) ? sql`${column} >= ${day}::date` : sql`${column} > ${day}::date`;
}

/** Rows of `source` after `cursor` in the order (at desc, kind desc, id desc). */
function afterCursor(source: TimelineSource, cursor: Cursor): SQL {
  const prefix = cursor.id.slice(0, 1);
  const key = cursor.id.slice(2);
  const order =
    source.kind < cursor.kind ? -1 : source.kind > cursor.kind ? 1 : source.prefix < prefix ? -1 : source.prefix > prefix ? 1 : 0;
  if (order < 0) return atCompare(source, '<=', cursor.at);
  if (order > 0) return atCompare(source, '<', cursor.at);
  const at = source.at.type === 'timestamp' ? sql`${cursor.at}::timestamptz` : sql`${dayOf(cursor.at)}::date`;
  const id = source.id.type === 'uuid' ? sql`${key}::uuid` : sql`${key.replace(/^0+(?=\d)/, '')}::bigint`;
  if (source.id.type === 'uuid' && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(key))
    throw TIMELINE_ERRORS.onField('cursor', 'INVALID_CURSOR');
  if (source.id.type === 'integer' && !/^\d{1,20}$/.test(key)) throw TIMELINE_ERRORS.onField('cursor', 'INVALID_CURSOR');
  return sql`(${source.at.column}, ${source.id.column}) < (${at}, ${id})`;
}

export interface TimelineRequest {
  query: TimelineQuery;
  url: string;
  user: AuthUser;
  can: (model: string) => Promise<boolean>;
}

/**
 * A client's or cost centre's timeline (spec platform §13.3): one keyset-paged
 * UNION ALL over the sources the caller may read, each branch reading at most
 * a page plus one row through its index, then the page's actors joined.
 * Statements per page: the subject lookup and the union (permission keys are
 * cached per user).
 */
export function createTimelineService(db: DbOrTx) {
  const repository = createTimelineRepository(db);
  /** The subject and its cost centres, inside the caller's allocation scope (404 otherwise). */
  async function subjectOf(model: 'client' | 'costcentre', id: string, user: AuthUser): Promise<TimelineSubject> {
    const scope = allocationScopeOf(user);
    const visible = scope ? (model === 'client' ? scope.client.all : scope.costCentre.all) : sql`true`;
    const rows = await repository.subjectSites(model, id, visible);
    if (!rows.length) throw notFound();
    // A client without sites has one row of nulls (the left join); a site without a code still has tickets.
    const centres = rows.filter((row) => row.id !== null);
    const costCentreCodes = centres.flatMap((row) => (row.code ? [row.code] : []));
    return { model, id, costCentreIds: centres.map((row) => row.id), costCentreCodes };
  }

  return {
    async page(model: 'client' | 'costcentre', id: string, request: TimelineRequest): Promise<TimelinePage> {
      const { query } = request;
      const limit = Math.min(
        Math.max(Number(query.limit ?? TIMELINE_DEFAULT_LIMIT) || TIMELINE_DEFAULT_LIMIT, 1),
        TIMELINE_MAX_LIMIT,
      );
      const kinds = query.kind ? new Set(query.kind.split(',').map((kind) => kind.trim())) : null;
      const cursor = query.cursor ? decodeCursor(query.cursor) : null;
      const from = query.from ? boundOf(query.from, false) : null;
      const to = query.to ? boundOf(query.to, true) : null;
      if (from && to && from > to) throw TIMELINE_ERRORS.onField('to', 'TO_BEFORE_FROM');
      const subject = await subjectOf(model, id, request.user);
      const candidates = timelineSources(subject).filter((source) => !kinds || kinds.has(source.kind));
      const allowed = await Promise.all(candidates.map((source) => request.can(source.permission)));
      const sources = candidates.filter((_, i) => allowed[i]);
      if (!sources.length) return { next: null, previous: null, results: [] };
      const rows = await repository.entries(
        sources.map((source) => {
          const conditions: SQL[] = [];
          if (cursor) conditions.push(afterCursor(source, cursor));
          if (from) conditions.push(atCompare(source, '>=', from));
          if (to) conditions.push(atCompare(source, '<=', to));
          return { source, conditions };
        }),
        limit + 1,
      );
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      let next: string | null = null;
      if (rows.length > limit && last) {
        const url = new URL(request.url);
        url.searchParams.set('cursor', encodeCursor({ at: last.at_text, kind: last.kind, id: last.id }));
        next = url.toString();
      }
      return {
        next,
        previous: null,
        results: page.map((row): TimelineEntry => ({
          id: row.id,
          at: row.at_text.replace(/(\.\d{3})\d{3}Z$/, '$1Z'),
          kind: row.kind,
          title: row.title ?? '',
          summary: row.summary ?? '',
          actor: row.actor_id
            ? { id: row.actor_id, full_name: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim() || (row.email ?? '') }
            : null,
          link: row.link,
        })),
      };
    },
  };
}
