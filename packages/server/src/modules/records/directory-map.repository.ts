import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { idIn } from '../../list-query/list-page';
import { profiles, users } from '../identity/index';
import {
  addresses,
  brands,
  clients,
  contacts,
  costCentreRelationRoles,
  costCentreRelations,
  costCentres,
  operationContactRoles,
} from '../../db/schema/records';
import { OWNERS } from './records.tables';

/** What the directory maps read: marker rows, coordinates, banners and operations managers. */
export function createDirectoryMapRepository(db: DbOrTx) {
  return {

    /** What a page of cost centre markers shows: the site, its primary address and primary email, in one statement. */
    async costCentreMarkerPage(wanted: string[]) {
      if (!wanted.length) return [];
      return db
        .select({
          id: costCentres.id,
          name: costCentres.name,
          code: costCentres.code,
          email: costCentres.email,
          address: {
            isPrimary: addresses.isPrimary,
            latitude: addresses.latitude,
            longitude: addresses.longitude,
            state: addresses.state,
            formattedAddress: addresses.formattedAddress,
            premiseAddress: addresses.premiseAddress,
            streetAddress: addresses.streetAddress,
            locality: addresses.locality,
            postalCode: addresses.postalCode,
            country: addresses.country,
          },
          primaryEmail: sql<
            string | null
          >`(select c.contact_detail from ${contacts} c where c.cost_centre_id = ${costCentres.id} and c.is_primary and c.contact_type = 'EMAIL')`,
        })
        .from(costCentres)
        .leftJoin(addresses, and(eq(addresses.costCentreId, costCentres.id), eq(addresses.isPrimary, true)))
        .where(idIn(costCentres.id, wanted));
    },


    /** Marker rows need coordinates: the primary address with both set. */
    hasCoordinates(kind: 'client' | 'cost_centre'): SQL {
      const owner = kind === 'client' ? clients.id : costCentres.id;
      const column = OWNERS[kind].address;
      return sql`exists (select 1 from ${addresses} where ${column} = ${owner} and ${addresses.isPrimary} and ${addresses.latitude} is not null and ${addresses.longitude} is not null)`;
    },

    /** Brand names of each client's cost centres ("banner" on the client marker). */
    async clientBanners(clientIds: string[]): Promise<Map<string, string>> {
      const rows = await db
        .select({
          clientId: costCentres.clientId,
          banner: sql<string>`string_agg(distinct ${brands.name}, ', ' order by ${brands.name})`,
        })
        .from(costCentres)
        .innerJoin(brands, eq(brands.id, costCentres.brandId))
        .where(idIn(costCentres.clientId, clientIds))
        .groupBy(costCentres.clientId);
      return new Map(rows.map((r) => [r.clientId, r.banner]));
    },

    /** The operations manager of each cost centre: the user related with a role named "Operations Manager" (latest relation wins). */
    async operationsManagers(
      costCentreIds: string[],
    ): Promise<Map<string, { name: string; email: string; phone: string; mobile: string }>> {
      const rows = await db
        .selectDistinctOn([costCentreRelations.costCentreId], {
          costCentreId: costCentreRelations.costCentreId,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          phone: profiles.phone,
          mobile: profiles.mobile,
        })
        .from(costCentreRelations)
        .innerJoin(costCentreRelationRoles, eq(costCentreRelationRoles.relationId, costCentreRelations.id))
        .innerJoin(operationContactRoles, eq(operationContactRoles.id, costCentreRelationRoles.roleId))
        .innerJoin(users, eq(users.id, costCentreRelations.contactPersonId))
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(
          and(
            idIn(costCentreRelations.costCentreId, costCentreIds),
            sql`lower(${operationContactRoles.role}) = 'operations manager'`,
            sql`(${costCentreRelations.endDate} is null or ${costCentreRelations.endDate} >= current_date)`,
          ),
        )
        .orderBy(costCentreRelations.costCentreId, sql`${costCentreRelations.createdAt} desc`);
      return new Map(
        rows.map((r) => [
          r.costCentreId,
          { name: `${r.firstName} ${r.lastName}`.trim(), email: r.email, phone: r.phone ?? '', mobile: r.mobile ?? '' },
        ]),
      );
    },
  };
}
