/**
 * The pages of the web app that search offers (`type: page`), with the
 * permission (model key, read) that opens each; none: every signed-in user.
 * The web app's route list (packages/web/src/shared/route-meta.ts) must know
 * every url here (a web test checks it).
 */
export interface SearchPage {
  title: string;
  /** Where the page lives in the navigation, shown as the result's subtitle. */
  section: string;
  url: string;
  permission?: string;
  /** Other words the page is found by. */
  keywords?: string;
}

export const SEARCH_PAGES: readonly SearchPage[] = [
  { title: 'Home', section: 'Home', url: '/', keywords: 'dashboard start' },
  { title: 'My Tickets', section: 'Help desk', url: '/tickets', keywords: 'support requests' },
  { title: 'User Account', section: 'Account', url: '/user-accounts', keywords: 'profile password settings' },
  { title: 'Notifications', section: 'Account', url: '/notifications', keywords: 'alerts messages' },
  { title: 'Clients Map', section: 'Directory', url: '/directory/clients?view=map', permission: 'client' },
  {
    title: 'Cost Centre Map',
    section: 'Directory',
    url: '/directory/cost-center?view=map',
    permission: 'costcentre',
    keywords: 'sites',
  },
  {
    title: 'All Staff',
    section: 'Directory',
    url: '/directory/all-staff',
    permission: 'employee',
    keywords: 'employees payroll',
  },
  { title: 'Office Users', section: 'Directory · Google Workspace', url: '/office-users', permission: 'directoryuser' },
  { title: 'Site Staff Users', section: 'Directory · Google Workspace', url: '/site-staff-users', permission: 'member' },
  { title: 'Groups', section: 'Directory · Google Workspace', url: '/directory-groups', permission: 'directorygroup' },
  { title: 'All Clients', section: 'Accounts', url: '/clients', permission: 'client', keywords: 'customers accounts' },
  {
    title: 'Contact Person',
    section: 'Accounts',
    url: '/contact-person',
    permission: 'contactperson',
    keywords: 'contacts people',
  },
  { title: 'Client Contact Roles', section: 'Accounts', url: '/roles', permission: 'clientcontactrole' },
  { title: 'All Cost Centres', section: 'Operations', url: '/cost-center', permission: 'costcentre', keywords: 'sites' },
  { title: 'Brands', section: 'Operations', url: '/brands', permission: 'brand' },
  { title: 'Operation Roles', section: 'Operations', url: '/operation-roles', permission: 'operationcontactrole' },
  { title: 'All Tickets', section: 'Help desk', url: '/all-tickets', permission: 'ticket', keywords: 'support requests' },
  { title: 'Legal Entities', section: 'Organizations', url: '/legal-entities', permission: 'legalentity', keywords: 'companies' },
  { title: 'Industries', section: 'Organizations', url: '/industries', permission: 'industry' },
  { title: 'Knowledge', section: 'Knowledge', url: '/knowledge', keywords: 'articles procedures help' },
];
