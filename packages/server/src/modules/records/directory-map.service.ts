import type { DbOrTx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { listPage, onlyItem } from '../../list-query/list-endpoint';
import { singleRecordList, type ListRequest } from '../../list-query/list-request';
import type { RecordsRepository } from './records.repository';
import type { AddressRow } from './records.tables';
import { entityScope, sqlAnd, type Actor } from './records.entities';
import { addressLine } from './records.serializers';
import { clientMarkersResource, clientsResource, costCentreMarkersResource } from './records.resource';
import { idsInScope, viewerOf } from '../../list-query/scope-mask';

/** Map markers of clients and cost centres with coordinates (spec api-contract §7, "Directory maps"), in the actor's scope. */
export function createDirectoryMapService(deps: { db: DbOrTx; repository: RecordsRepository }) {
  const { db, repository } = deps;

  const markers = {
    clientMarkers(list: ListRequest, actor: Actor, id?: string) {
      const resource = clientMarkersResource;
      const scope = entityScope('client', actor);
      const where = sqlAnd(repository.hasCoordinates('client'), scope, id ? repository.idIs('client', id) : undefined);
      return listPage(db, list, {
        resource,
        where,
        hydrate: async (ids) => {
          const rows = await repository.entityRows('client', ids);
          const [refs, addresses, contacts, banners, masters] = await repository.together([
            () =>
              repository.refs({
                users: rows.map((r) => r.ownerId),
                legalEntities: rows.map((r) => r.legalEntityId),
                industries: rows.map((r) => r.industryId) as string[],
                subIndustries: rows.map((r) => r.subIndustryId) as string[],
                clients: rows.map((r) => r.masterRecordId) as string[],
              }),
            () => repository.primaryAddresses('client', ids),
            () => repository.primaryContacts('client', ids),
            () => repository.clientBanners(ids),
            // A master record outside the actor's allocation is not named (scope-mask.ts).
            () => idsInScope(db, clientsResource, viewerOf(actor), rows.map((r) => r.masterRecordId).filter((id): id is string => !!id)),
          ]);
          return rows.map((r) => {
            const address = addresses.get(r.id);
            const legalEntity = refs.legalEntities.get(r.legalEntityId);
            const owner = refs.users.get(r.ownerId);
            return {
              id: r.id,
              position: { lat: Number(address?.latitude), lng: Number(address?.longitude) },
              data: {
                id: r.id,
                division: legalEntity ? (legalEntity.abbr ?? legalEntity.name) : null,
                account_type: r.accountType,
                account_number: r.accountNumber,
                name: r.name,
                industry: r.industryId ? (refs.industries.get(r.industryId)?.name ?? null) : null,
                sub_industry: r.subIndustryId ? (refs.subIndustries.get(r.subIndustryId)?.name ?? null) : null,
                banner: banners.get(r.id) ?? null,
                primary_email: contacts.get(r.id)?.EMAIL ?? null,
                owner: owner ? `${owner.firstName} ${owner.lastName}`.trim() : null,
                master_record:
                  r.masterRecordId && (!masters || masters.has(r.masterRecordId)) ? (refs.clients.get(r.masterRecordId)?.name ?? null) : null,
                state: address?.state ?? '',
                address: addressLine(address),
              },
            };
          });
        },
      });
    },

    costCentreMarkers(list: ListRequest, actor: Actor, id?: string) {
      const resource = costCentreMarkersResource;
      const scope = entityScope('costCentre', actor);
      const where = sqlAnd(repository.hasCoordinates('cost_centre'), scope, id ? repository.idIs('costCentre', id) : undefined);
      return listPage(db, list, {
        resource,
        where,
        hydrate: async (ids) => {
          const [rows, managers] = await repository.together([() => repository.costCentreMarkerPage(ids), () => repository.operationsManagers(ids)]);
          return rows.map((r) => {
            const address = r.address ?? undefined;
            return {
              id: r.id,
              position: { lat: Number(address?.latitude), lng: Number(address?.longitude) },
              data: {
                id: r.id,
                name: r.name,
                cost_centre_code: r.code,
                is_primary: address?.isPrimary ?? false,
                operation_manager: managers.get(r.id)?.name ?? null,
                primary_email: r.primaryEmail ?? r.email,
                state: address?.state ?? '',
                primary_address: addressLine(address as AddressRow | undefined),
              },
            };
          });
        },
      });
    },
  };

  return {
    clients: (list: ListRequest, actor: Actor) => markers.clientMarkers(list, actor),
    client: async (list: ListRequest, id: string, actor: Actor) =>
      onlyItem(await markers.clientMarkers(singleRecordList(list), actor, id), notFound),
    costCentres: (list: ListRequest, actor: Actor) => markers.costCentreMarkers(list, actor),
    costCentre: async (list: ListRequest, id: string, actor: Actor) =>
      onlyItem(await markers.costCentreMarkers(singleRecordList(list), actor, id), notFound),
  };
}

export type DirectoryMapService = ReturnType<typeof createDirectoryMapService>;
