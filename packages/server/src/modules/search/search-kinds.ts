import { sql, type SQL } from 'drizzle-orm';
import type { SearchResultType } from '@ops/contract/search/search.schemas';
import type { ListViewer } from '../../list-query/list-resource';
import { users } from '../identity/index';
import {
  allocatedClientIds,
  allocationScopeOf,
  clients,
  clientsResource,
  contactPersons,
  contactPersonsResource,
  costCentres,
  costCentresResource,
} from '../records/index';
import { ticketScopeCondition, tickets } from '../helpdesk/index';
import { articles, readableThrough, readerPlaceColumns } from '../knowledge/index';
import { kindQuery, type KindPlan } from './search-statement';
import { similarWords, vocabularyLookup } from './search-vocabulary';

/**
 * One kind of record the search finds: whether the viewer reads it, where its candidates come
 * from, how it is scored and ordered, the (up to three) texts it is presented with, and how a row
 * becomes a result. The table below is the whole of the search's knowledge of each kind.
 */
export interface SearchKind {
  type: Exclude<SearchResultType, 'page'>;
  /** The kind's candidates, score and order for this viewer and query, or none when they may not read it. */
  plan(viewer: ListViewer, q: string): KindPlan | undefined;
}

const humanise = (code: string | null) => (code ? code.charAt(0) + code.slice(1).toLowerCase().replace(/_/g, ' ') : '');

export const SEARCH_KINDS: SearchKind[] = [
  {
    type: 'client',
    plan: (viewer) => {
      if (!viewer.canRead('client')) return undefined;
      return {
        table: clients,
        id: clients.id,
        read: [clients.id, clients.name, clients.accountNumber, clients.abn],
        words: clients.name,
        contains: [clients.name, clients.accountNumber, clients.abn],
        codes: [clients.accountNumber, clients.abn],
        scope: clientsResource.rowScope?.(viewer),
        order: [clients.name, clients.id],
        texts: [clients.name, clients.accountNumber],
        present: (r) => ({ title: r.a ?? '', subtitle: r.b ? `Client · ${r.b}` : 'Client', url: `/clients/${r.id}` }),
      };
    },
  },
  {
    type: 'cost_centre',
    plan: (viewer) => {
      if (!viewer.canRead('costcentre')) return undefined;
      return {
        table: costCentres,
        id: costCentres.id,
        read: [costCentres.id, costCentres.name, costCentres.code],
        words: costCentres.name,
        contains: [costCentres.name, costCentres.code],
        codes: [costCentres.code],
        scope: costCentresResource.rowScope?.(viewer),
        order: [costCentres.name, costCentres.id],
        texts: [costCentres.name, costCentres.code],
        present: (r) => ({ title: r.a ?? '', subtitle: `Cost centre · ${r.b}`, url: `/cost-center/${r.id}` }),
      };
    },
  },
  {
    type: 'contact_person',
    plan: (viewer) => {
      if (!viewer.canRead('contactperson')) return undefined;
      return {
        table: contactPersons,
        id: contactPersons.id,
        read: [contactPersons.id, contactPersons.fullName, contactPersons.position, contactPersons.companyId],
        words: contactPersons.fullName,
        contains: [contactPersons.fullName],
        scope: contactPersonsResource.rowScope?.(viewer),
        order: [contactPersons.fullName, contactPersons.id],
        // The company's name by its key (one row per person found, at most 20).
        texts: [
          contactPersons.fullName,
          contactPersons.position,
          sql`(select ${clients.name} from ${clients} where ${clients.id} = ${contactPersons.companyId})`,
        ],
        present: (r) => ({
          title: r.a ?? '',
          subtitle: ['Contact person', r.b, r.c].filter(Boolean).join(' · '),
          url: `/contact-person/${r.id}`,
        }),
      };
    },
  },
  {
    // Staff with the ticket permission search every ticket; everyone else their own requests.
    type: 'ticket',
    plan: (viewer, q) => {
      const userId = viewer.user?.id;
      if (!userId) return undefined;
      const all = viewer.canRead('ticket');
      const number = /^#?(\d{1,9})$/.exec(q)?.[1];
      const isNumber = number ? sql`${tickets.number} = ${Number(number)}` : undefined;
      return {
        table: tickets,
        id: tickets.id,
        read: [tickets.id, tickets.number, tickets.title, tickets.ticketStatus, tickets.priority, tickets.createdAt],
        words: tickets.title,
        contains: [tickets.title],
        also: isNumber,
        // Operation and Site users' staff search is bound to their allocation like their ticket list.
        scope: all ? ticketScopeCondition(viewer.user, viewer.allocatedClients) : sql`${tickets.requesterId} = ${userId}`,
        bonus: isNumber ? sql`case when ${isNumber} then 4 else 0 end` : undefined,
        order: [sql`${tickets.createdAt} desc`, tickets.id],
        texts: [sql`'#' || ${tickets.number} || ' ' || ${tickets.title}`, tickets.ticketStatus, tickets.priority],
        present: (r) => ({
          title: r.a ?? '',
          subtitle: `Ticket · ${humanise(r.b)} · ${humanise(r.c)}`,
          url: all ? `/all-tickets/${r.id}` : `/tickets/${r.id}`,
        }),
      };
    },
  },
  {
    type: 'user',
    plan: (viewer) => {
      if (!viewer.canRead('user')) return undefined;
      const fullName = sql`(${users.firstName} || ' ' || ${users.lastName})`;
      return {
        table: users,
        id: users.id,
        read: [users.id, users.firstName, users.lastName, users.email],
        words: fullName,
        contains: [fullName, users.email],
        codes: [users.email],
        scope: sql`${users.isActive}`,
        order: [users.firstName, users.lastName, users.id],
        texts: [sql`trim(${users.firstName} || ' ' || ${users.lastName})`, users.email],
        present: (r) => ({ title: r.a || r.b || '', subtitle: `Staff · ${r.b}`, url: `mailto:${r.b}` }),
      };
    },
  },
  {
    // Everyone signed in reads the published articles of their audience; holders of article.change read every article.
    type: 'article',
    plan: (viewer) => {
      const user = viewer.user;
      if (!user) return undefined;
      const words = sql`(${articles.title} || ' ' || ${articles.bodyText})`;
      return {
        table: articles,
        id: articles.id,
        read: [articles.id, articles.title, articles.bodyText, articles.status],
        words,
        vector: articles.words,
        contains: [articles.title],
        // The reader's places once for both scans (`candidates`): planned twice inline, they cost more than the search.
        ...(viewer.can?.('article', 'change')
          ? {}
          : { scope: readableThrough(user, 'search_reader_places'), with: [sql`search_reader_places as materialized (select ${readerPlaceColumns(user.id)})`] }),
        order: [articles.title, articles.id],
        texts: [articles.title, articles.status],
        present: (r) => ({ title: r.a ?? '', subtitle: r.b === 'PUBLISHED' ? 'Article' : `Article · ${humanise(r.b)}`, url: `/knowledge/${r.id}` }),
      };
    },
  },
];

export type SearchPlan = { kind: SearchKind; plan: KindPlan };

/**
 * The kinds the viewer may search, each with its plan (its table, scope and candidates). An
 * Operation or Site user's allocated clients are read once (`search_allocated_clients`) for every
 * kind's scope: inline, the clients', cost centres', contact persons' and tickets' two scans each
 * walked them again, ten recursive walks the server planned and started per request.
 */
export function searchPlans(viewer: ListViewer, q: string): SearchPlan[] {
  const user = viewer.user;
  const allocated = user && allocationScopeOf(user) ? sql`search_allocated_clients as materialized (${allocatedClientIds(user.id)})` : undefined;
  const scoped: ListViewer = allocated ? { ...viewer, allocatedClients: sql`select id from search_allocated_clients` } : viewer;
  return SEARCH_KINDS.flatMap((kind) => {
    const plan = kind.plan(scoped, q);
    if (!plan) return [];
    return [{ kind, plan: allocated ? { ...plan, with: [allocated, ...(plan.with ?? [])] } : plan }];
  });
}

/**
 * Search everything's one statement: the vocabulary lookup of the query's words and the CTEs the
 * kinds' scopes read, then each kind's best `limit` (also for bench/knowledge.ts's EXPLAIN).
 */
export function searchStatement(q: string, plans: SearchPlan[], limit: number): SQL {
  const lookup = vocabularyLookup(q);
  const kinds = sql.join(
    plans.map(({ kind, plan }) => kindQuery(kind.type, q, plan, limit, lookup)),
    sql` union all `,
  );
  // A CTE several kinds read (the same object) is defined once.
  const ctes = [...(lookup.words.length ? [similarWords(lookup)] : []), ...new Set(plans.flatMap(({ plan }) => plan.with ?? []))];
  return ctes.length ? sql`with ${sql.join(ctes, sql`, `)} ${kinds}` : kinds;
}
