import type { FastifyInstance } from 'fastify';
import type { SQL } from 'drizzle-orm';
import type { EndpointDefinition } from '@ops/contract/common/endpoint';
import type { ListQuery } from '@ops/contract/common/list-query';
import {
  accountsEndpoints as acc,
  baseEndpoints as base,
  directoryMapEndpoints as maps,
  operationsEndpoints as ops,
} from '@ops/contract/records/records.endpoints';
import { route, type RouteContext } from '../../platform/route';
import { listRequestOf } from '../../list-query/list-request';
import type { AuthUser } from '../../platform/auth';
import type { RecordsRepository } from './records.repository';
import type { EntityKey, OwnerKind } from './records.tables';
import type { Actor } from './records.entities';
import type { RecordsService } from './records.service';
import type { OwnedRecordsService } from './owned-records.service';
import type { DirectoryMapService } from './directory-map.service';

export interface RecordsRoutesOptions {
  records: RecordsService;
  owned: OwnedRecordsService;
  maps: DirectoryMapService;
  repository: Pick<RecordsRepository, 'columnIs' | 'relationHasRole'>;
}

type Ctx = RouteContext<EndpointDefinition> & {
  params: Record<string, string>;
  query: ListQuery;
  body: Record<string, unknown>;
  user: AuthUser;
};
type Handler = (ctx: Ctx) => unknown;

const actorOf = (user: AuthUser): Actor => ({ id: user.id, userType: user.userType, isSuperuser: user.isSuperuser });
const listOf = (ctx: Ctx) => listRequestOf(ctx.request, ctx.query);

export async function recordsRoutes(app: FastifyInstance, options: RecordsRoutesOptions) {
  const { records, owned: ownedRecords, maps: directoryMaps, repository } = options;
  // The contract's endpoint types vary per entity; the handlers here are generic over them.
  const on = (endpoint: EndpointDefinition, handler: Handler) => route(app, endpoint, handler as never);

  interface CrudSet {
    list?: EndpointDefinition;
    create: EndpointDefinition;
    get: EndpointDefinition;
    put: EndpointDefinition;
    patch: EndpointDefinition;
    delete: EndpointDefinition;
  }

  /** The CRUD set of an entity; `parent` narrows a nested collection (and fills the parent field on writes). */
  function crud(set: CrudSet, entity: EntityKey, parent?: { param: string; column: string; field: string }) {
    const where = (params: Record<string, string>): SQL | undefined =>
      parent ? repository.columnIs(entity, parent.column, params[parent.param]!) : undefined;
    const input = (ctx: Ctx) => (parent ? { ...ctx.body, [parent.field]: ctx.params[parent.param] } : ctx.body);
    if (set.list) on(set.list, async (ctx) => records.list(entity, await listOf(ctx), actorOf(ctx.user), where(ctx.params)));
    on(set.create, (ctx) => records.create(entity, input(ctx), actorOf(ctx.user)));
    on(set.get, (ctx) => records.get(entity, ctx.params.id!, actorOf(ctx.user), where(ctx.params)));
    on(set.put, (ctx) => records.update(entity, ctx.params.id!, input(ctx), actorOf(ctx.user), where(ctx.params)));
    on(set.patch, (ctx) => records.update(entity, ctx.params.id!, input(ctx), actorOf(ctx.user), where(ctx.params)));
    on(set.delete, (ctx) => records.remove(entity, ctx.params.id!, actorOf(ctx.user), where(ctx.params)));
  }

  interface OwnedSet extends CrudSet {
    list: EndpointDefinition;
    makePrimary: EndpointDefinition;
  }

  function owned(set: OwnedSet, what: 'address' | 'contact', kind: OwnerKind, param: string) {
    const service = ownedRecords[what];
    const owner = (ctx: Ctx) => ctx.params[param]!;
    on(set.list, async (ctx) => service.list(kind, owner(ctx), await listOf(ctx), actorOf(ctx.user)));
    // `as never`: the body was parsed by this entity's create schema; the generic handler cannot name it.
    on(set.create, (ctx) => service.create(kind, owner(ctx), ctx.body as never, actorOf(ctx.user)));
    on(set.get, (ctx) => service.get(kind, owner(ctx), ctx.params.id!, actorOf(ctx.user)));
    const update = (ctx: Ctx) => service.update(kind, owner(ctx), ctx.params.id!, ctx.body, actorOf(ctx.user));
    on(set.put, update);
    on(set.patch, update);
    on(set.delete, (ctx) => service.remove(kind, owner(ctx), ctx.params.id!, actorOf(ctx.user)));
    on(set.makePrimary, (ctx) => service.makePrimary(kind, owner(ctx), ctx.params.id!, actorOf(ctx.user)));
  }

  /** GET .../{id}/contact-relations/: the parent must be visible, then its relations as a list. */
  function relations(
    endpoint: EndpointDefinition,
    parent: EntityKey | 'user',
    entity: 'contactRelation' | 'costCentreRelation',
    condition: (id: string) => SQL,
  ) {
    on(endpoint, async (ctx) => {
      const actor = actorOf(ctx.user);
      if (parent !== 'user') await records.assertVisible(parent, ctx.params.id!, actor);
      return records.list(entity, await listOf(ctx), actor, condition(ctx.params.id!));
    });
  }

  const history = (endpoint: EndpointDefinition, entity: EntityKey) =>
    on(endpoint, async (ctx) => records.history(entity, ctx.params.id!, await listOf(ctx), actorOf(ctx.user)));

  // Accounts
  crud(acc.clients, 'client');
  owned(acc.clientAddresses, 'address', 'client', 'client_id');
  owned(acc.clientContacts, 'contact', 'client', 'client_id');
  relations(acc.clientRelations, 'client', 'contactRelation', (id) => repository.columnIs('contactRelation', 'clientId', id));
  history(acc.clientHistory, 'client');
  crud(acc.contactPersons, 'contactPerson');
  owned(acc.contactPersonAddresses, 'address', 'contact_person', 'contact_person_id');
  owned(acc.contactPersonContacts, 'contact', 'contact_person', 'contact_person_id');
  relations(acc.contactPersonRelations, 'contactPerson', 'contactRelation', (id) =>
    repository.columnIs('contactRelation', 'contactPersonId', id),
  );
  history(acc.contactPersonHistory, 'contactPerson');
  crud(acc.contactRelations, 'contactRelation');
  crud(acc.roles, 'clientRole');
  relations(acc.roleRelations, 'clientRole', 'contactRelation', (id) => repository.relationHasRole('client', id));

  // Base data
  crud(base.industries, 'industry');
  history(base.industryHistory, 'industry');
  crud(base.industrySubIndustries, 'subIndustry', { param: 'industry_id', column: 'industryId', field: 'industry' });
  crud(base.subIndustries, 'subIndustry');
  crud(base.legalEntities, 'legalEntity');
  owned(base.legalEntityAddresses, 'address', 'legal_entity', 'legal_entity_id');
  owned(base.legalEntityContacts, 'contact', 'legal_entity', 'legal_entity_id');
  history(base.legalEntityHistory, 'legalEntity');

  // Operations
  crud(ops.brands, 'brand');
  history(ops.brandHistory, 'brand');
  relations(ops.userRelations, 'user', 'costCentreRelation', (id) =>
    repository.columnIs('costCentreRelation', 'contactPersonId', id),
  );
  crud(ops.contactRelations, 'costCentreRelation');
  crud(ops.costCentres, 'costCentre');
  owned(ops.costCentreAddresses, 'address', 'cost_centre', 'cost_centre_id');
  owned(ops.costCentreContacts, 'contact', 'cost_centre', 'cost_centre_id');
  on(ops.costCentreEmployees, async (ctx) => records.costCentreEmployees(ctx.params.cost_centre_id!, await listOf(ctx), actorOf(ctx.user)));
  on(ops.costCentreOperationContacts, (ctx) => records.operationContacts(ctx.params.cost_centre_id!, actorOf(ctx.user)));
  relations(ops.costCentreRelations, 'costCentre', 'costCentreRelation', (id) =>
    repository.columnIs('costCentreRelation', 'costCentreId', id),
  );
  history(ops.costCentreHistory, 'costCentre');
  crud(ops.roles, 'operationRole');
  relations(ops.roleRelations, 'operationRole', 'costCentreRelation', (id) => repository.relationHasRole('costCentre', id));

  // Directory maps
  on(maps.clients, async (ctx) => directoryMaps.clients(await listOf(ctx), actorOf(ctx.user)));
  on(maps.client, async (ctx) => directoryMaps.client(await listOf(ctx), ctx.params.id!, actorOf(ctx.user)));
  on(maps.costCentres, async (ctx) => directoryMaps.costCentres(await listOf(ctx), actorOf(ctx.user)));
  on(maps.costCentre, async (ctx) => directoryMaps.costCentre(await listOf(ctx), ctx.params.id!, actorOf(ctx.user)));
}
