import type { PermissionAction } from './endpoint';

/**
 * The permission catalogue: module -> model keys. Model keys are unique across
 * modules (they are what `grant --permission <model>.<action>` names and what
 * the web app's navigation checks). Adding a model here creates its four
 * permissions on the next start and grants them to the default groups by
 * DEFAULT_GROUP_POLICY (see docs/decisions.md, "permissions").
 */
export const PERMISSION_CATALOGUE = {
  identity: ['user', 'group', 'allocation', 'securityevent', 'auditentry'],
  accounts: ['client', 'contactperson', 'clientcontactrole', 'contactrelation'],
  base: ['legalentity', 'industry', 'subindustry'],
  operations: ['costcentre', 'brand', 'operationcontactrole', 'costcentrecontactrelation'],
  helpdesk: ['ticket', 'team', 'routingrule', 'slapolicy'],
  google_sync: ['directoryuser', 'directorygroup', 'member'],
  adp: ['employee'],
  dynamics: [
    'vendinvoicejour',
    'vendspend',
    'vendsettlement',
    'vendtransaction',
    'financialdimensionvalue',
    'vendor',
  ],
  buylink: ['consolelog', 'buylinkcostcentre', 'invoiceheader', 'supplier', 'suppliercostcentreallocation'],
  integrations: ['syncrun'],
  sitechecks: ['sitechecktemplate', 'sitecheckschedule', 'sitecheckrun'],
  knowledge: ['article', 'articlecategory'],
  automations: ['automationrule', 'webhook'],
} as const;

export type PermissionModule = keyof typeof PERMISSION_CATALOGUE;
export type PermissionModel = (typeof PERMISSION_CATALOGUE)[PermissionModule][number];
export const PERMISSION_ACTIONS = ['read', 'add', 'change', 'delete'] as const satisfies readonly PermissionAction[];

export const ALL_MODELS: { module: PermissionModule; model: PermissionModel }[] = Object.entries(
  PERMISSION_CATALOGUE,
).flatMap(([module, models]) => models.map((model) => ({ module: module as PermissionModule, model })));

export function moduleOfModel(model: string): PermissionModule | undefined {
  return ALL_MODELS.find((entry) => entry.model === model)?.module;
}

export const USER_TYPES = {
  1: 'Admin',
  2: 'Corporate User',
  3: 'Service Account',
  4: 'Operation User',
  5: 'Site User',
  6: 'Employee',
  7: 'Guest',
} as const;
export type UserType = keyof typeof USER_TYPES;

type Grant = { modules?: PermissionModule[]; models?: PermissionModel[]; actions: readonly PermissionAction[] };

const BUSINESS: PermissionModule[] = ['accounts', 'base', 'operations'];
const SYNCED: PermissionModule[] = ['google_sync', 'adp', 'dynamics', 'buylink'];

/** Which default group receives which permissions when a permission is first created. Allocation management (`allocation`) is the Admin group's only. */
export const DEFAULT_GROUP_POLICY: Record<UserType, Grant[]> = {
  1: [{ modules: Object.keys(PERMISSION_CATALOGUE) as PermissionModule[], actions: PERMISSION_ACTIONS }],
  2: [
    { modules: BUSINESS, actions: PERMISSION_ACTIONS },
    { modules: SYNCED, actions: ['read'] },
    { models: ['ticket'], actions: ['read', 'add', 'change'] },
    { models: ['user', 'group', 'syncrun'], actions: ['read'] },
  ],
  3: [
    { modules: [...BUSINESS, ...SYNCED, 'helpdesk', 'integrations'], actions: ['read'] },
    { models: ['user', 'group'], actions: ['read'] },
  ],
  4: [
    { modules: BUSINESS, actions: ['read'] },
    { models: ['client', 'contactperson', 'contactrelation', 'costcentre', 'costcentrecontactrelation'], actions: ['add', 'change'] },
    { modules: ['google_sync', 'adp'], actions: ['read'] },
    { models: ['user'], actions: ['read'] },
    // Spec platform §14.1: Operation and Site users read and answer their sites' runs.
    { models: ['sitecheckrun'], actions: ['read', 'change'] },
  ],
  5: [
    { models: ['client', 'contactperson', 'costcentre', 'brand', 'legalentity', 'industry', 'subindustry', 'clientcontactrole', 'operationcontactrole', 'contactrelation', 'costcentrecontactrelation'], actions: ['read'] },
    { models: ['employee', 'member'], actions: ['read'] },
    { models: ['user'], actions: ['read'] },
    { models: ['sitecheckrun'], actions: ['read', 'change'] },
  ],
  6: [],
  7: [],
};

export function defaultGrantsFor(userType: UserType, module: PermissionModule, model: PermissionModel): PermissionAction[] {
  const actions = new Set<PermissionAction>();
  for (const grant of DEFAULT_GROUP_POLICY[userType]) {
    if (grant.modules?.includes(module) || grant.models?.includes(model)) grant.actions.forEach((a) => actions.add(a));
  }
  return PERMISSION_ACTIONS.filter((a) => actions.has(a));
}

/**
 * Rights beyond read/add/change/delete, each a `<model>.<action>` permission
 * row created by the permission sync and granted to the listed default groups
 * when first created. `view.share`: share a list view with everyone (every
 * user keeps their own views without any permission).
 */
export const EXTRA_PERMISSIONS: readonly { module: PermissionModule; model: string; action: string; userTypes: readonly UserType[] }[] = [
  { module: 'identity', model: 'view', action: 'share', userTypes: [1] },
];

export type PermissionFlags = Record<PermissionAction, boolean> & { share?: boolean };
export type PermissionsMap = Record<string, Record<string, PermissionFlags>>;
