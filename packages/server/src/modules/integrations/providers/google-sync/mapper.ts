import { asArray, asObject, int64, oneOf, required, text } from '../../mapping';
import type { SyncRow } from '../../sync.repository';
import { uuidv7 } from '../../../../db/ids';
import { MEMBER_ROLES, MEMBER_TYPES } from '@ops/contract/integrations/google-sync.schemas';

/**
 * Office or site: `orgunit:/Sites,/Kitchens` puts users whose org unit path
 * starts with one of the prefixes on the site list; `employee-type:Site,Casual`
 * does the same by employee type. Everyone else is office staff.
 */
export interface SiteRule {
  by: 'orgunit' | 'employee-type';
  values: string[];
}

export function parseSiteRule(raw: string): SiteRule {
  const match = /^(orgunit|employee-type):(.+)$/.exec(raw.trim());
  if (!match)
    throw new Error(`GOOGLE_SYNC_SITE_RULE must be "orgunit:/Path[,/Other]" or "employee-type:Type[,Other]", got "${raw}"`);
  return {
    by: match[1] as SiteRule['by'],
    values: match[2]!
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  };
}

export interface UserMappingOptions {
  siteRule: SiteRule;
  /** Name of the custom schema holding Sector, Region and EmployeeType. */
  customSchema: string;
}

function primaryOrFirst(items: Record<string, unknown>[], predicate: (item: Record<string, unknown>) => boolean = () => true) {
  const matching = items.filter(predicate);
  return matching.find((item) => item.primary === true) ?? matching[0];
}

export function isSiteUser(rule: SiteRule, orgUnitPath: string, employeeType: string | null): boolean {
  if (rule.by === 'orgunit') {
    return rule.values.some(
      (prefix) => orgUnitPath === prefix || orgUnitPath.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`),
    );
  }
  return employeeType !== null && rule.values.some((v) => v.toLowerCase() === employeeType.toLowerCase());
}

export function mapUser(user: Record<string, unknown>, options: UserMappingOptions): SyncRow<'directoryUser'> {
  const name = asObject(user.name);
  const organization = primaryOrFirst(asArray(user.organizations)) ?? {};
  const phones = asArray(user.phones);
  const manager = asArray(user.relations).find((r) => r.type === 'manager');
  const custom = asObject(asObject(user.customSchemas)[options.customSchema]);
  // The admin console's "Employee type" is stored as the organization's description.
  const employeeType = text(custom.EmployeeType, 100) ?? text(organization.description, 100);
  const orgUnitPath = text(user.orgUnitPath, 500) ?? '/';
  return {
    id: required(user.id, 'users.id', 64),
    primaryEmail: required(user.primaryEmail, 'users.primaryEmail', 254).toLowerCase(),
    given_name: text(name.givenName, 100) ?? '',
    family_name: text(name.familyName, 100) ?? '',
    title: text(organization.title, 255),
    mobile: text(primaryOrFirst(phones, (p) => p.type === 'mobile')?.value, 50),
    phone: text(primaryOrFirst(phones, (p) => p.type === 'work')?.value, 50),
    cost_centre: text(organization.costCenter, 50),
    sector: text(custom.Sector, 100),
    employee_type: employeeType,
    department: text(organization.department, 255),
    region: text(custom.Region, 100),
    reporting_manager: text(manager?.value, 254)?.toLowerCase() ?? null,
    orgUnitPath,
    userKind: isSiteUser(options.siteRule, orgUnitPath, employeeType) ? 'site' : 'office',
  };
}

export function mapGroup(group: Record<string, unknown>): SyncRow<'directoryGroup'> {
  const strings = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);
  return {
    id: required(group.id, 'groups.id', 64),
    email: required(group.email, 'groups.email', 254).toLowerCase(),
    name: text(group.name, 255) ?? '',
    description: text(group.description) ?? '',
    adminCreated: group.adminCreated === true,
    // An int64 in the API, sent as a string.
    directMembersCount: int64(group.directMembersCount ?? '0', 'groups.directMembersCount'),
    kind: text(group.kind, 50) ?? 'admin#directory#group',
    aliases: strings(group.aliases),
    nonEditableAliases: strings(group.nonEditableAliases),
    etag: text(group.etag, 100),
  };
}

export function mapMember(
  member: Record<string, unknown>,
  groupId: string,
  knownUsers: Set<string>,
  existingUid: string | undefined,
): SyncRow<'groupMember'> {
  const id = required(member.id, 'members.id', 64);
  const type = oneOf(member.type, MEMBER_TYPES, 'members.type');
  return {
    uid: existingUid ?? uuidv7(),
    id,
    type,
    kind: text(member.kind, 50) ?? 'admin#directory#member',
    email: text(member.email, 254)?.toLowerCase() ?? null,
    role: oneOf(member.role, MEMBER_ROLES, 'members.role', 'MEMBER'),
    status: text(member.status, 20),
    etag: text(member.etag, 100),
    delivery_settings: text(member.delivery_settings, 20),
    group: groupId,
    member: type === 'USER' && knownUsers.has(id) ? id : null,
  };
}
