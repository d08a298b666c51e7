import type { SQL } from 'drizzle-orm';
import { notFound } from '../../platform/errors';
import type { RecordsRepository } from './records.repository';
import type { EntityKey, PersonJson, UserRef } from './records.tables';
import {
  auditOut,
  auditUserIds,
  primaryContactsOf,
  relationRoleRefs,
  userWithEmail,
} from './records.serializers';

/**
 * A page of ids -> the API items of one entity, in a constant number of
 * statements whatever the page size (the rows, then one batch per kind of
 * reference). Items come back in any order; the list engine orders them.
 */
type Hydrator = (repo: RecordsRepository, ids: string[], scope?: SQL, detail?: boolean) => Promise<{ id: string }[]>;

/** The people a page row embeds (its creator and updater), as `auditOut` reads them. */
function peopleOf(embedded: { createdBy: UserRef | null; updatedBy: UserRef | null }): Map<string, UserRef> {
  const people = new Map<string, UserRef>();
  for (const user of [embedded.createdBy, embedded.updatedBy]) if (user) people.set(user.id, user);
  return people;
}

async function roleItems(repo: RecordsRepository, entity: 'clientRole' | 'operationRole', ids: string[], scope?: SQL) {
  const rows = await repo.entityRows(entity, ids, scope);
  const refs = await repo.refs({ users: rows.flatMap(auditUserIds) as string[] });
  return rows.map((r) => ({ id: r.id, role: r.role, responsibility: r.responsibility, ...auditOut(r, refs.users) }));
}

const HYDRATORS = {
  legalEntity: async (repo, ids, scope) => {
    // One statement (records_legal_entity_page), the one the list writes from rows (records.list-rows.ts).
    const rows = await repo.legalEntityPage(ids, scope);
    return rows.map(({ legalEntity: r, ...embedded }) => {
      const people = new Map<string, UserRef>();
      for (const user of [embedded.createdBy, embedded.updatedBy]) if (user) people.set(user.id, user);
      return {
        id: r.id,
        name: r.name,
        abn: r.abn,
        acn: r.acn,
        search_name: r.searchName,
        abbr: r.abbr,
        primary_address: embedded.address,
        primary_contacts: primaryContactsOf(embedded.contacts ?? undefined),
        ...auditOut(r, people),
      };
    });
  },
  industry: async (repo, ids, scope) => {
    // One statement (records_industry_page), the one the list writes from rows (records.list-rows.ts).
    const rows = await repo.industryPage(ids, scope);
    return rows.map(({ industry: r, ...embedded }) => {
      const people = new Map<string, UserRef>();
      for (const user of [embedded.createdBy, embedded.updatedBy]) if (user) people.set(user.id, user);
      return {
        id: r.id,
        name: r.name,
        description: r.description,
        legal_entity: embedded.legalEntity,
        sub_industries_count: embedded.subIndustriesCount,
        ...auditOut(r, people),
      };
    });
  },
  subIndustry: async (repo, ids, scope) => {
    // One statement (records_sub_industry_page), the one the list writes from rows (records.list-rows.ts).
    const rows = await repo.subIndustryPage(ids, scope);
    return rows.map(({ subIndustry: r, ...embedded }) => {
      const people = new Map<string, UserRef>();
      for (const user of [embedded.createdBy, embedded.updatedBy]) if (user) people.set(user.id, user);
      return {
        id: r.id,
        name: r.name,
        description: r.description,
        industry: embedded.industry,
        ...auditOut(r, people),
      };
    });
  },
  client: async (repo, ids, scope, detail) => {
    // The hottest list: one statement instead of a batch per relation.
    const rows = await repo.clientPage(ids, scope, detail);
    const person = (json: PersonJson | null): UserRef | undefined =>
      json ? { id: json.id, firstName: json.first_name, lastName: json.last_name, email: json.email } : undefined;
    return rows.map(({ client: r, ...embedded }) => {
      const people = new Map<string, UserRef>();
      for (const user of [person(embedded.createdBy), person(embedded.updatedBy)]) if (user) people.set(user.id, user);
      return {
        id: r.id,
        owner: userWithEmail(person(embedded.owner)),
        account_number: r.accountNumber,
        abn: r.abn,
        acn: r.acn,
        name: r.name,
        description: r.description,
        master_record: embedded.master,
        parent: embedded.parent,
        legal_entity: embedded.legalEntity,
        industry: embedded.industry,
        sub_industry: embedded.subIndustry,
        relation_status: r.relationStatus,
        account_type: r.accountType,
        account_source: r.accountSource,
        number_of_employees: r.numberOfEmployees,
        annual_revenue: r.annualRevenue,
        ticker_symbol: r.tickerSymbol,
        primary_address: embedded.address,
        primary_contacts: primaryContactsOf(embedded.contacts ?? undefined),
        ...auditOut(r, people),
      };
    });
  },
  contactPerson: async (repo, ids, scope, detail) => {
    // One statement instead of a batch per relation.
    const page = await repo.contactPersonPage(ids, scope, detail);
    return page.map(({ contactPerson: r, ...embedded }) => ({
      id: r.id,
      company: embedded.company,
      reports_to: embedded.reportsTo,
      salutation: r.salutation,
      pronouns: r.pronouns,
      gender: r.gender,
      first_name: r.firstName,
      middle_name: r.middleName,
      last_name: r.lastName,
      full_name: r.fullName,
      pref_name: r.prefName,
      birthday: r.birthday,
      department: r.department,
      position: r.position,
      is_still_with_company: r.isStillWithCompany,
      communication_preference: r.communicationPreference,
      contact_person_type: r.contactPersonType,
      is_primary: r.isPrimary,
      is_email_opt_out: r.isEmailOptOut,
      do_not_call: r.doNotCall,
      availability: r.availability,
      linkedin_profile: r.linkedinProfile,
      profile_photo_url: r.profilePhotoUrl,
      notes: r.notes,
      primary_address: embedded.address,
      primary_contacts: primaryContactsOf(embedded.contacts ?? undefined),
      ...auditOut(r, new Map([embedded.createdBy, embedded.updatedBy].filter((u): u is UserRef => !!u).map((u) => [u.id, u]))),
    }));
  },
  clientRole: (repo, ids, scope) => roleItems(repo, 'clientRole', ids, scope),
  operationRole: (repo, ids, scope) => roleItems(repo, 'operationRole', ids, scope),
  contactRelation: async (repo, ids, scope) => {
    // One statement (records_contact_relation_page, roles grouped per relation), the one the list writes from rows.
    const rows = await repo.contactRelationPage(ids, scope);
    return rows.map(({ relation: r, ...embedded }) => ({
      id: r.id,
      client: embedded.client,
      contact_person: embedded.contactPerson,
      role: relationRoleRefs(embedded.roleIds, embedded.roleNames, embedded.roleResponsibilities),
      start_date: r.startDate,
      end_date: r.endDate,
      ...auditOut(r, peopleOf(embedded)),
    }));
  },
  brand: async (repo, ids, scope) => {
    // One statement (records_brand_page), the one the list writes from rows (records.list-rows.ts).
    const rows = await repo.brandPage(ids, scope);
    return rows.map(({ brand: r, ...embedded }) => {
      const people = new Map<string, UserRef>();
      for (const user of [embedded.createdBy, embedded.updatedBy]) if (user) people.set(user.id, user);
      return {
        id: r.id,
        name: r.name,
        description: r.description,
        legal_entity: embedded.legalEntity,
        ...auditOut(r, people),
      };
    });
  },
  costCentre: async (repo, ids, scope, detail) => {
    // A hot list: one statement instead of a batch per relation.
    const rows = await repo.costCentrePage(ids, scope, detail);
    return rows.map(({ costCentre: r, ...embedded }) => {
      const people = new Map<string, UserRef>();
      for (const user of [embedded.createdBy, embedded.updatedBy]) if (user) people.set(user.id, user);
      return {
        id: r.id,
        code: r.code,
        name: r.name,
        email: r.email,
        operation_status: r.operationStatus,
        notes: r.notes,
        legal_entity: embedded.legalEntity,
        client: embedded.client,
        franchisor: embedded.franchisor,
        industry: embedded.industry,
        sub_industry: embedded.subIndustry,
        brand: embedded.brand,
        primary_address: embedded.address,
        primary_contacts: primaryContactsOf(embedded.contacts ?? undefined),
        ...auditOut(r, people),
      };
    });
  },
  costCentreRelation: async (repo, ids, scope) => {
    // One statement (records_cost_centre_relation_page), as contact relations.
    const rows = await repo.costCentreRelationPage(ids, scope);
    return rows.map(({ relation: r, ...embedded }) => ({
      id: r.id,
      cost_centre: embedded.costCentre,
      contact_person: userWithEmail(embedded.contactPerson ?? undefined),
      role: relationRoleRefs(embedded.roleIds, embedded.roleNames, embedded.roleResponsibilities),
      start_date: r.startDate,
      end_date: r.endDate,
      ...auditOut(r, peopleOf(embedded)),
    }));
  },
} satisfies Record<EntityKey, Hydrator>;

/** The API item type of an entity, as its hydrator builds it. */
export type EntityItem<K extends EntityKey> = Awaited<ReturnType<(typeof HYDRATORS)[K]>>[number];

/** `scope` (a condition on the entity's table) leaves out the rows it does not match, in the rows' own statement. */
export function hydrateRecords<K extends EntityKey>(repo: RecordsRepository, entity: K, ids: string[], scope?: SQL): Promise<EntityItem<K>[]> {
  return (HYDRATORS[entity] as Hydrator)(repo, ids, scope) as Promise<EntityItem<K>[]>;
}

/**
 * One record, 404 when it does not exist or `scope` leaves it out: the detail reads the record
 * under its scope in the same statement that fetches it, with no existence check before.
 */
export async function hydrateRecord<K extends EntityKey>(repo: RecordsRepository, entity: K, id: string, scope?: SQL): Promise<EntityItem<K>> {
  // `detail`: the entities read in one page statement read one id by `=`, in a statement built once (record-pages.repository.ts).
  const [item] = (await (HYDRATORS[entity] as Hydrator)(repo, [id], scope, true)) as EntityItem<K>[];
  if (!item) throw notFound();
  return item;
}
