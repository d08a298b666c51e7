import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { ARTICLE_STATUSES, articleSchema, categorySchema, TICKET_FOLLOWS_MINUTES } from '@ops/contract/knowledge/knowledge.schemas';
import { articleAcknowledgements, articleCategories, articles, articleSuggestionOpens } from '../../db/schema/knowledge';
import { defineListResource, type ListResource, type ListViewer } from '../../list-query/list-resource';
import { tickets } from '../helpdesk/index';
import { usersResource } from '../identity/index';
import { allocations, clients, costCentres } from '../records/index';

export const categoriesResource = defineListResource({
  name: 'knowledge-categories',
  table: articleCategories,
  id: articleCategories.id,
  fields: {
    id: { kind: 'uuid', column: articleCategories.id, order: true },
    name: { kind: 'text', column: articleCategories.name, order: true },
    position: { kind: 'number', column: articleCategories.position, order: true },
  },
  search: ['name'],
  defaultOrdering: ['position', 'name'],
  itemSchema: categorySchema,
});

/**
 * Tickets avoided by an article (issue 32): its opened suggestions whose 30 minutes have passed with
 * no ticket requested by the same user in them (a ticket's requester is who raised it, unless an
 * agent raised it for them). Read per open through the requester index (requester, created_at).
 */
export function ticketsAvoided(): SQL<number> {
  const window = sql.raw(`interval '${TICKET_FOLLOWS_MINUTES} minutes'`);
  return sql<number>`(select count(*)::int from ${articleSuggestionOpens} o
     where o.article_id = ${articles.id} and o.opened_at < now() - ${window}
       and not exists (select 1 from ${tickets} t where t.requester_id = o.user_id and t.created_at >= o.opened_at and t.created_at < o.opened_at + ${window}))`;
}

/**
 * Who may see tickets avoided (editors: `article.change`), as the scope ordering applies to a value a
 * viewer may not read: for anyone else every article sorts as if it had none, so the order does not
 * tell what the list withholds.
 */
const avoidedReaders = { rowScope: (viewer: ListViewer) => (!viewer.user || viewer.user.isSuperuser || viewer.can?.('article', 'change') ? undefined : sql`false`) } as unknown as ListResource;

export const articlesResource = defineListResource({
  name: 'knowledge-articles',
  table: articles,
  id: articles.id,
  fields: {
    id: { kind: 'uuid', column: articles.id, order: true },
    title: { kind: 'text', column: articles.title, order: true },
    status: { kind: 'enum', column: articles.status, enumValues: ARTICLE_STATUSES, order: true },
    category: { kind: 'uuid', column: articles.categoryId, relation: () => categoriesResource },
    review_by: { kind: 'date', column: articles.reviewBy, order: true },
    acknowledgement_required: { kind: 'boolean', column: articles.acknowledgementRequired, order: true },
    version: { kind: 'number', column: articles.currentVersion, order: true },
    published_at: { kind: 'datetime', column: articles.publishedAt, order: true },
    updated_by: { kind: 'uuid', column: articles.updatedBy, relation: () => usersResource },
    updated_at: { kind: 'datetime', column: articles.updatedAt, order: true },
    tickets_avoided: {
      kind: 'number',
      column: ticketsAvoided(),
      filter: false,
      order: true,
      readsFrom: { resource: () => avoidedReaders, column: (scope) => (scope ? sql`case when ${scope} then ${ticketsAvoided()} end` : ticketsAvoided()) },
    },
  },
  search: ['title'],
  defaultOrdering: ['title'],
  itemSchema: articleSchema,
});

/**
 * "The article's audience includes the user" (spec platform §14.2) for a user given as SQL (a bound id
 * and type, or the columns of auth_user when the audience is listed). Each empty list is no limit. The
 * place lists are matched through the user's allocations: a legal entity, client or cost centre is
 * the user's when it is allocated to them, lies under one that is (legal entity -> client and its
 * child clients -> cost centre, as allocation scope reads it), or is the legal entity or client of a
 * cost centre or client allocated to them (an article for a client reaches the staff of its sites).
 *
 * The user's places are resolved once, not per article: each is an `array(...)` of ids that does not
 * depend on the article, which PostgreSQL computes once per statement (an InitPlan; once per user
 * when the audience is listed), so an article refused costs an array overlap (`&&`), where walking up
 * the clients from each article's ids cost a subplan per row. The arrays: the legal entities
 * allocated or above an allocated client or cost centre; the clients allocated and their child
 * clients (down the parent chain, 20 levels as the walk up went), and the clients of allocated cost
 * centres; the cost centres allocated and those of the clients allocated or under them. What is
 * under an allocated legal entity is not listed (every client and site of a legal entity: at 1M
 * clients, too many to hold): only for a user with a legal entity allocated, an article's client or
 * cost centre is still walked up to its clients' legal entities.
 */
export function audienceIncludes(userId: SQL | PgColumn, userType: SQL | PgColumn): SQL {
  const places = readerPlaces(userId);
  return audienceMatches(userType, {
    legalEntities: sql`array(${places.legalEntities})`,
    clients: sql`array(${places.clients})`,
    costCentres: sql`array(${places.costCentres})`,
    allocatedLegalEntities: sql`array(${places.allocatedLegalEntities})`,
  });
}

/** A reader's places as arrays of ids (`readerPlaces`' lists), to match an article's audience against. */
interface PlaceArrays {
  legalEntities: SQL;
  clients: SQL;
  costCentres: SQL;
  allocatedLegalEntities: SQL;
}

/** The lists of a user's places that `audienceIncludes` describes, each a select of ids. */
function readerPlaces(userId: SQL | PgColumn): PlaceArrays {
  const le = sql`select a.legal_entity_id from ${allocations} a where a.user_id = ${userId} and a.legal_entity_id is not null`;
  const cl = sql`select a.client_id from ${allocations} a where a.user_id = ${userId} and a.client_id is not null`;
  const cc = sql`select a.cost_centre_id from ${allocations} a where a.user_id = ${userId} and a.cost_centre_id is not null`;
  // The allocated clients and their child clients, as far down as the walk up reached (20 levels).
  const clientsDown = sql`with recursive down(id, depth) as (
      select c.id, 0 from ${clients} c where c.id in (${cl})
      union all
      select c.id, down.depth + 1 from ${clients} c join down on c.parent_id = down.id where down.depth < 20
    ) select down.id from down`;
  return {
    allocatedLegalEntities: le,
    legalEntities: sql`${le}
      union select c.legal_entity_id from ${clients} c where c.id in (${cl}) and c.legal_entity_id is not null
      union select s.legal_entity_id from ${costCentres} s where s.id in (${cc}) and s.legal_entity_id is not null`,
    clients: sql`${clientsDown}
      union select s.client_id from ${costCentres} s where s.id in (${cc}) and s.client_id is not null`,
    costCentres: sql`${cc}
      union select s.id from ${costCentres} s where s.client_id in (${clientsDown})`,
  };
}

/**
 * One reader's places as the columns of a one-row select (`legal_entities`, `clients`, `cost_centres`,
 * `allocated_legal_entities`): a statement that matches articles in more than one place reads them
 * once, planned once, and matches each place with `audienceOf(userType, from)` (the suggest statement).
 */
export function readerPlaceColumns(userId: string): SQL {
  const places = readerPlaces(sql`${userId}::uuid`);
  return sql`array(${places.legalEntities}) as legal_entities, array(${places.clients}) as clients,
    array(${places.costCentres}) as cost_centres, array(${places.allocatedLegalEntities}) as allocated_legal_entities`;
}

/**
 * "The article's audience includes the reader" against `readerPlaceColumns` read from `from`: a table
 * alias in the statement's FROM, or with `subquery` a CTE read by scalar subqueries (computed once).
 */
export function audienceOf(userType: number, from: string, subquery = false): SQL {
  // Cast: `= any((select ...))` would compare with each row of the subquery, not the array's elements.
  const column = (name: string) => sql.raw(subquery ? `(select ${name} from ${from})::uuid[]` : `${from}.${name}`);
  return audienceMatches(sql`${userType}`, {
    legalEntities: column('legal_entities'),
    clients: column('clients'),
    costCentres: column('cost_centres'),
    allocatedLegalEntities: column('allocated_legal_entities'),
  });
}

/** The audience condition of `audienceIncludes`, against the reader's places given as arrays. */
function audienceMatches(userType: SQL | PgColumn, places: PlaceArrays): SQL {
  const { allocatedLegalEntities } = places;
  // A client under an allocated legal entity: its own or a parent's legal entity is allocated (walked
  // up only for a user with a legal entity allocated).
  const underLegalEntity = (client: SQL) => sql`exists (
      with recursive up(id, depth) as (
        select ${client}, 0
        union all
        select c.parent_id, up.depth + 1 from ${clients} c join up on c.id = up.id where c.parent_id is not null and up.depth < 20
      ) select 1 from up join ${clients} c on c.id = up.id where c.legal_entity_id = any(${allocatedLegalEntities}))`;
  const types = sql`(cardinality(${articles.audienceUserTypes}) = 0 or (${userType})::smallint = any(${articles.audienceUserTypes}))`;
  const legalEntities = sql`(cardinality(${articles.audienceLegalEntities}) = 0 or ${articles.audienceLegalEntities} && ${places.legalEntities})`;
  const clientList = sql`(cardinality(${articles.audienceClients}) = 0 or ${articles.audienceClients} && ${places.clients}
      or (cardinality(${allocatedLegalEntities}) > 0 and exists (
        select 1 from unnest(${articles.audienceClients}) x(id) where ${underLegalEntity(sql`x.id`)})))`;
  const costCentreList = sql`(cardinality(${articles.audienceCostCentres}) = 0 or ${articles.audienceCostCentres} && ${places.costCentres}
      or (cardinality(${allocatedLegalEntities}) > 0 and exists (
        select 1 from unnest(${articles.audienceCostCentres}) x(id) join ${costCentres} s on s.id = x.id
         where s.legal_entity_id = any(${allocatedLegalEntities}) or ${underLegalEntity(sql`s.client_id`)})))`;
  return sql`(${types} and ${legalEntities} and ${clientList} and ${costCentreList})`;
}

/**
 * The articles a reader without article.change reads (`readableBy`), their places read from the CTE
 * `from` (`readerPlaceColumns`), which a statement with several article scans defines once.
 */
export function readableThrough(user: { userType: number }, from: string): SQL {
  return sql`(${articles.status} = 'PUBLISHED' and ${audienceOf(user.userType, from, true)})`;
}

/** The articles a reader without article.change reads: published, with them in the audience. */
export function readableBy(user: { id: string; userType: number }): SQL {
  return sql`(${articles.status} = 'PUBLISHED' and ${audienceIncludes(sql`${user.id}::uuid`, sql`${user.userType}`)})`;
}

/** Articles whose audience includes a cost centre (an empty place list is no limit); for suggestions at a site. */
export function forCostCentre(costCentreId: string): SQL {
  const site = sql`select s.id, s.client_id, s.legal_entity_id from ${costCentres} s where s.id = ${costCentreId}::uuid`;
  return sql`(
    (cardinality(${articles.audienceCostCentres}) = 0 or ${costCentreId}::uuid = any(${articles.audienceCostCentres}))
    and (cardinality(${articles.audienceClients}) = 0 or exists (select 1 from (${site}) s where s.client_id = any(${articles.audienceClients})))
    and (cardinality(${articles.audienceLegalEntities}) = 0 or exists (select 1 from (${site}) s where s.legal_entity_id = any(${articles.audienceLegalEntities}))))`;
}

/** Published articles asking for acknowledgement whose current version the user has not acknowledged. */
export function awaitingAcknowledgement(userId: string): SQL {
  return sql`(${articles.acknowledgementRequired} and not exists (select 1 from ${articleAcknowledgements} k
    where k.article_id = ${articles.id} and k.user_id = ${userId}::uuid and k.version = ${articles.currentVersion}))`;
}

/** Published articles (what suggestions and acknowledgements are about). */
export const isPublished = (): SQL => sql`${articles.status} = 'PUBLISHED'`;
