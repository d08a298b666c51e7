/** The side navigation of spec web-shell §2.2: names, routes and permission keys, in order. */
export interface NavNode {
  id: string;
  name: string;
  to?: string;
  /** Permission key (model); a leaf without one is shown to everyone. */
  permission?: string;
  children?: NavNode[];
}

const leaf = (id: string, name: string, to: string, permission?: string): NavNode => ({ id, name, to, permission });

export const FAVORITES_ID = 'favorites';
export const RECENT_ID = 'recent';

export const NAV_TREE: NavNode[] = [
  { id: FAVORITES_ID, name: 'Favorites', children: [] },
  { id: RECENT_ID, name: 'Recent', children: [] },
  {
    id: 'modules',
    name: 'Modules',
    children: [
      {
        id: 'directory',
        name: 'Directory',
        children: [
          {
            id: 'directory-map',
            name: 'Map',
            children: [
              leaf('clients-map', 'Clients Map', '/directory/clients?view=map', 'client'),
              leaf('cost-centre-map', 'Cost Centre Map', '/directory/cost-center?view=map', 'costcentre'),
            ],
          },
          {
            id: 'directory-list',
            name: 'List View',
            children: [
              leaf('directory-all-clients', 'All Clients', '/directory/clients?view=list', 'client'),
              leaf('directory-all-cost-centres', 'All Cost Centres', '/directory/cost-center?view=list', 'costcentre'),
              leaf('all-staff', 'All Staff', '/directory/all-staff?view=list', 'employee'),
            ],
          },
          {
            id: 'google-workspace',
            name: 'Google Workspace',
            children: [
              leaf('office-users', 'Office Users', '/office-users', 'directoryuser'),
              leaf('site-staff-users', 'Site Staff Users', '/site-staff-users', 'member'),
              leaf('directory-groups', 'Groups', '/directory-groups', 'directorygroup'),
            ],
          },
        ],
      },
      {
        id: 'accounts',
        name: 'Accounts',
        children: [
          leaf('accounts-all-clients', 'All Clients', '/clients', 'client'),
          leaf('contact-person', 'Contact Person', '/contact-person', 'contactperson'),
          leaf('client-contact-roles', 'Client Contact Roles', '/roles', 'clientcontactrole'),
        ],
      },
      {
        id: 'operations',
        name: 'Operations',
        children: [
          leaf('operations-all-cost-centres', 'All Cost Centres', '/cost-center', 'costcentre'),
          leaf('brands', 'Brands', '/brands', 'brand'),
          leaf('operation-roles', 'Operation Roles', '/operation-roles', 'operationcontactrole'),
        ],
      },
      {
        id: 'help-desk',
        name: 'Help Desk',
        children: [
          {
            id: 'help-desk-tickets',
            name: 'Tickets',
            // My Tickets needs no permission: my-tickets serves every signed-in user their own tickets.
            children: [leaf('my-tickets', 'My Tickets', '/tickets'), leaf('all-tickets', 'All Tickets', '/all-tickets', 'ticket')],
          },
        ],
      },
      // Every signed-in user reads the articles of their audience.
      leaf('knowledge', 'Knowledge', '/knowledge'),
      leaf('site-checks', 'Site Checks', '/sitechecks', 'sitecheckrun'),
    ],
  },
  {
    id: 'system-administration',
    name: 'System Administration',
    children: [
      {
        id: 'organizations',
        name: 'Organizations',
        children: [
          leaf('legal-entities', 'Legal Entities', '/legal-entities', 'legalentity'),
          leaf('industries', 'Industries', '/industries', 'industry'),
        ],
      },
      {
        id: 'help-desk-setup',
        name: 'Help Desk Setup',
        children: [
          leaf('helpdesk-teams', 'Teams', '/helpdesk-teams', 'team'),
          leaf('helpdesk-routing-rules', 'Routing Rules', '/helpdesk-routing-rules', 'routingrule'),
          leaf('helpdesk-sla-policies', 'SLA Policies', '/helpdesk-sla-policies', 'slapolicy'),
        ],
      },
      leaf('theme-setting', 'Theme Setting', '/themes-example/typography'),
      leaf('allocations', 'Allocations', '/allocations', 'allocation'),
      leaf('audit-trail', 'Audit trail', '/audit-trail', 'auditentry'),
      leaf('automations', 'Automations', '/automations', 'automationrule'),
    ],
  },
];

/** Every leaf with the names of the groups above it. */
export function navLeaves(tree: NavNode[] = NAV_TREE, ancestors: string[] = []): { node: NavNode; ancestors: string[] }[] {
  return tree.flatMap((node) =>
    node.children ? navLeaves(node.children, [...ancestors, node.name]) : node.to ? [{ node, ancestors }] : [],
  );
}
