import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
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
import { conditionalOf, tagOf, type Conditional } from '../../platform/conditional';
import { listRequestOf } from '../../list-query/list-request';
import type { AuthUser } from '../../platform/auth';
import type { RecordsRepository } from './records.repository';
import type { EntityKey, OwnerKind } from './records.tables';
import type { Actor, CreateInput, UpdateInput } from './records.entities';
import type { ListRequest } from '../../list-query/list-request';
import type { RecordsService } from './records.service';
import type { OwnedRecordsService } from './owned-records.service';
import type { DirectoryMapService } from './directory-map.service';

export interface RecordsRoutesOptions {
  records: RecordsService;
  owned: OwnedRecordsService;
  maps: DirectoryMapService;
  repository: Pick<RecordsRepository, 'columnIs' | 'relationHasRole'>;
}

/** What a handler here reads: `Body` is what the endpoint's body schema parses to. */
type Ctx<Body = undefined> = RouteContext<EndpointDefinition> & {
  params: Record<string, string>;
  query: ListQuery;
  body: Body;
  user: AuthUser;
};
type Handler<Body> = (ctx: Ctx<Body>) => unknown;
/** An endpoint whose body schema parses to `Body` (none when undefined). */
type EndpointOf<Body> = EndpointDefinition & (Body extends undefined ? unknown : { body: z.ZodType<Body> });

/** The address or contact service of an owner, as the routes call it (`Input`: what its create schema parses to). */
interface OwnedService<Input> {
  list(kind: OwnerKind, ownerId: string, list: ListRequest, actor: Actor): Promise<unknown>;
  create(kind: OwnerKind, ownerId: string, input: Input, actor: Actor): Promise<unknown>;
  get(kind: OwnerKind, ownerId: string, id: string, actor: Actor, tag?: Conditional): Promise<unknown>;
  update(kind: OwnerKind, ownerId: string, id: string, input: Partial<Input>, actor: Actor, condition?: Conditional): Promise<unknown>;
  remove(kind: OwnerKind, ownerId: string, id: string, actor: Actor, condition?: Conditional): Promise<unknown>;
  makePrimary(kind: OwnerKind, ownerId: string, id: string, actor: Actor, condition?: Conditional): Promise<unknown>;
}

const actorOf = (user: AuthUser): Actor => ({ id: user.id, userType: user.userType, isSuperuser: user.isSuperuser });
const listOf = (ctx: Ctx<unknown>) => listRequestOf(ctx.request, ctx.query);
/** The request's If-Match (400 when malformed) and the answer's ETag (platform.md 14.6). */
const conditionOf = (ctx: Ctx<unknown>) => conditionalOf(ctx.request, ctx.reply);

export async function recordsRoutes(app: FastifyInstance, options: RecordsRoutesOptions) {
  const { records, owned: ownedRecords, maps: directoryMaps, repository } = options;
  // Bodies are typed by the endpoint's schema (EndpointOf<Body>); the answer is not: route() checks it against
  // one endpoint's response schema type, and these handlers, generic over entities, return EntityItem<K>.
  const on = <Body = undefined>(endpoint: EndpointOf<Body>, handler: Handler<Body>) => route(app, endpoint, handler as never);

  interface CrudSet<K extends EntityKey> {
    list?: EndpointDefinition;
    create: EndpointOf<CreateInput<K>>;
    get: EndpointDefinition;
    put: EndpointOf<UpdateInput<K>>;
    patch: EndpointOf<UpdateInput<K>>;
    delete: EndpointDefinition;
  }

  /** The CRUD set of an entity. */
  function crud<K extends EntityKey>(set: CrudSet<K>, entity: K) {
    if (set.list) on(set.list, async (ctx) => records.list(entity, await listOf(ctx), actorOf(ctx.user)));
    on(set.create, (ctx) => records.create(entity, ctx.body, actorOf(ctx.user)));
    on(set.get, (ctx) => records.detail(entity, ctx.params.id!, actorOf(ctx.user), tagOf(ctx.reply)));
    on(set.put, (ctx) => records.update(entity, ctx.params.id!, ctx.body, actorOf(ctx.user), undefined, conditionOf(ctx)));
    on(set.patch, (ctx) => records.update(entity, ctx.params.id!, ctx.body, actorOf(ctx.user), undefined, conditionOf(ctx)));
    on(set.delete, (ctx) => records.remove(entity, ctx.params.id!, actorOf(ctx.user), undefined, conditionOf(ctx)));
  }

  /** Sub-industries under an industry: the path names the industry, which the writes fill in and the reads narrow to. */
  function industrySubIndustries(set: typeof base.industrySubIndustries) {
    const where = (ctx: Ctx<unknown>): SQL => repository.columnIs('subIndustry', 'industryId', ctx.params.industry_id!);
    const industry = (ctx: Ctx<unknown>) => ctx.params.industry_id!;
    on(set.list, async (ctx) => records.list('subIndustry', await listOf(ctx), actorOf(ctx.user), where(ctx)));
    on(set.create, (ctx) => records.create('subIndustry', { ...ctx.body, industry: industry(ctx) }, actorOf(ctx.user)));
    on(set.get, (ctx) => records.get('subIndustry', ctx.params.id!, actorOf(ctx.user), where(ctx), tagOf(ctx.reply)));
    const update = (ctx: Ctx<z.output<typeof set.patch.body>>) =>
      records.update('subIndustry', ctx.params.id!, { ...ctx.body, industry: industry(ctx) }, actorOf(ctx.user), where(ctx), conditionOf(ctx));
    on(set.put, update);
    on(set.patch, update);
    on(set.delete, (ctx) => records.remove('subIndustry', ctx.params.id!, actorOf(ctx.user), where(ctx), conditionOf(ctx)));
  }

  interface OwnedSet<Input> {
    list: EndpointDefinition;
    create: EndpointOf<Input>;
    get: EndpointDefinition;
    put: EndpointOf<Input>;
    patch: EndpointOf<Partial<Input>>;
    delete: EndpointDefinition;
    makePrimary: EndpointDefinition;
  }

  function owned<Input>(set: OwnedSet<Input>, service: OwnedService<Input>, kind: OwnerKind, param: string) {
    const owner = (ctx: Ctx<unknown>) => ctx.params[param]!;
    on(set.list, async (ctx) => service.list(kind, owner(ctx), await listOf(ctx), actorOf(ctx.user)));
    on(set.create, (ctx) => service.create(kind, owner(ctx), ctx.body, actorOf(ctx.user)));
    on(set.get, (ctx) => service.get(kind, owner(ctx), ctx.params.id!, actorOf(ctx.user), tagOf(ctx.reply)));
    const update = (ctx: Ctx<Partial<Input>>) =>
      service.update(kind, owner(ctx), ctx.params.id!, ctx.body, actorOf(ctx.user), conditionOf(ctx));
    on(set.put, update);
    on(set.patch, update);
    on(set.delete, (ctx) => service.remove(kind, owner(ctx), ctx.params.id!, actorOf(ctx.user), conditionOf(ctx)));
    on(set.makePrimary, (ctx) => service.makePrimary(kind, owner(ctx), ctx.params.id!, actorOf(ctx.user), conditionOf(ctx)));
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
  owned(acc.clientAddresses, ownedRecords.address, 'client', 'client_id');
  owned(acc.clientContacts, ownedRecords.contact, 'client', 'client_id');
  relations(acc.clientRelations, 'client', 'contactRelation', (id) => repository.columnIs('contactRelation', 'clientId', id));
  history(acc.clientHistory, 'client');
  crud(acc.contactPersons, 'contactPerson');
  owned(acc.contactPersonAddresses, ownedRecords.address, 'contact_person', 'contact_person_id');
  owned(acc.contactPersonContacts, ownedRecords.contact, 'contact_person', 'contact_person_id');
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
  industrySubIndustries(base.industrySubIndustries);
  crud(base.subIndustries, 'subIndustry');
  crud(base.legalEntities, 'legalEntity');
  owned(base.legalEntityAddresses, ownedRecords.address, 'legal_entity', 'legal_entity_id');
  owned(base.legalEntityContacts, ownedRecords.contact, 'legal_entity', 'legal_entity_id');
  history(base.legalEntityHistory, 'legalEntity');

  // Operations
  crud(ops.brands, 'brand');
  history(ops.brandHistory, 'brand');
  relations(ops.userRelations, 'user', 'costCentreRelation', (id) =>
    repository.columnIs('costCentreRelation', 'contactPersonId', id),
  );
  crud(ops.contactRelations, 'costCentreRelation');
  crud(ops.costCentres, 'costCentre');
  owned(ops.costCentreAddresses, ownedRecords.address, 'cost_centre', 'cost_centre_id');
  owned(ops.costCentreContacts, ownedRecords.contact, 'cost_centre', 'cost_centre_id');
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
