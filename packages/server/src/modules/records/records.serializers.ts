import type { Address, Contact, PrimaryContacts } from '@ops/contract/records/records.schemas';
import type { AddressRow, ClientRow, ContactPersonRow, ContactRow, CostCentreRow, RoleRow, UserRef } from './records.tables';

/** Row -> API shape. Pure functions; the service feeds them rows the repository fetched in batches. */

export const fullName = (user: { firstName: string; lastName: string }) => `${user.firstName} ${user.lastName}`.trim();
export const userRef = (user: UserRef | undefined) => (user ? { id: user.id, full_name: fullName(user) } : null);
export const userWithEmail = (user: UserRef | undefined) =>
  user ? { id: user.id, full_name: fullName(user), email: user.email } : null;
export const clientRef = (row: ClientRow | undefined) =>
  row ? { id: row.id, name: row.name, account_number: row.accountNumber } : null;
export const costCentreRef = (row: CostCentreRow | undefined) => (row ? { id: row.id, name: row.name, code: row.code } : null);
export const contactPersonRef = (row: ContactPersonRow | undefined) => (row ? { id: row.id, full_name: row.fullName } : null);
export const roleRef = (row: RoleRow) => ({ id: row.id, role: row.role, responsibility: row.responsibility });
/**
 * A relation's `role` list, as `roleRef` writes each role, from a relation page's parallel role arrays
 * (record-pages.repository.ts relationRolesOf: null when the relation has no role).
 */
export const relationRoleRefs = (ids: string[] | null, roles: string[] | null, responsibilities: string[] | null) =>
  ids ? ids.map((id, i) => ({ id, role: roles![i]!, responsibility: responsibilities![i]! })) : [];

/**
 * The row's version (its ETag, platform/conditional.ts) rides on the item under a symbol: read from
 * the row in the item's own statement (no second statement for a detail's tag, and the tag is of
 * exactly the row shown), and never serialised (JSON and the export read string keys only).
 */
export const ROW_VERSION: unique symbol = Symbol('row version');

export function auditOut(
  row: { createdAt: Date; updatedAt: Date; createdById: string | null; updatedById: string | null; version?: number },
  users: Map<string, UserRef>,
) {
  return {
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    created_by: row.createdById ? userRef(users.get(row.createdById)) : null,
    updated_by: row.updatedById ? userRef(users.get(row.updatedById)) : null,
    [ROW_VERSION]: row.version,
  };
}

export const auditUserIds = (row: { createdById: string | null; updatedById: string | null }) => [
  row.createdById,
  row.updatedById,
];

const ownerRefs = (row: {
  clientId: string | null;
  contactPersonId: string | null;
  costCentreId: string | null;
  legalEntityId: string | null;
}) => ({
  client: row.clientId,
  contact_person: row.contactPersonId,
  cost_centre: row.costCentreId,
  legal_entity: row.legalEntityId,
});

export function serializeAddress(row: AddressRow, users: Map<string, UserRef>): Address {
  return {
    id: row.id,
    address_name: row.addressName,
    note: row.note,
    purpose: row.purpose as Address['purpose'],
    is_primary: row.isPrimary,
    premise_address: row.premiseAddress,
    street_address: row.streetAddress,
    locality: row.locality,
    state: row.state,
    postal_code: row.postalCode,
    country: row.country,
    formatted_address: row.formattedAddress,
    time_zone: row.timeZone,
    latitude: row.latitude,
    longitude: row.longitude,
    driving_direction: row.drivingDirection,
    places_api_data: row.placesApiData ?? null,
    ...ownerRefs(row),
    ...auditOut(row, users),
  };
}

export function serializeContact(row: ContactRow, users: Map<string, UserRef>): Contact {
  return {
    id: row.id,
    description: row.description,
    contact_detail: row.contactDetail,
    contact_type: row.contactType as Contact['contact_type'],
    is_primary: row.isPrimary,
    ...ownerRefs(row),
    ...auditOut(row, users),
  };
}

export function primaryContactsOf(byType: Record<string, string> | undefined): PrimaryContacts {
  return {
    email: byType?.EMAIL ?? null,
    phone: byType?.PHONE ?? null,
    mobile: byType?.MOBILE ?? null,
    website: byType?.WEBSITE ?? null,
  };
}

/** One line for a marker or allocation label. */
export function addressLine(row: AddressRow | undefined): string {
  if (!row) return '';
  if (row.formattedAddress) return row.formattedAddress;
  return [row.premiseAddress, row.streetAddress, row.locality, `${row.state} ${row.postalCode}`.trim(), row.country]
    .filter(Boolean)
    .join(', ');
}
