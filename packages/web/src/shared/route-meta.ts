import { matchPath } from 'react-router';

/**
 * What the shell knows about each route of spec web-shell §2.1: its title, the permission
 * that guards it, and its breadcrumb list (lower case; the header capitalises).
 * An empty list hides the breadcrumb. Detail routes (`/<list>/<param>`) are
 * derived from their list route by `detailParam`.
 */
export interface ViewMeta {
  title: string;
  crumbs: string[];
}

export interface RouteMeta {
  path: string;
  title: string;
  crumbs: string[];
  /** Navigation permission key (model) for the page, as spec web-shell §2.2 names it. */
  permission?: string;
  /** Module name: map views are tracked in Recent as `${module} Map`. */
  module?: string;
  /** Variants chosen by the `view` query parameter. */
  views?: Record<string, ViewMeta>;
  /** The list route has a detail route `/<path>/:<detailParam>`. */
  detailParam?: string;
  /** Where the list lives when this is a detail route. */
  listPath?: string;
}

const list = (path: string, title: string, crumbs: string[], permission?: string, detailParam = 'id'): RouteMeta => ({
  path,
  title,
  crumbs,
  permission,
  detailParam,
});

const LIST_ROUTES: RouteMeta[] = [
  { path: '/', title: 'Home', crumbs: [] },
  list('/tickets', 'My Tickets', ['help desk', 'my tickets']),
  { path: '/user-accounts', title: 'User Account', crumbs: ['user account'] },
  { path: '/account-security', title: 'Sign-in and security', crumbs: ['user account', 'sign-in and security'] },
  { path: '/notifications', title: 'Notifications', crumbs: ['notifications'] },
  { path: '/notification-settings', title: 'Notification settings', crumbs: ['notifications', 'notification settings'] },
  {
    path: '/directory/clients',
    title: 'All Clients',
    module: 'Clients',
    permission: 'client',
    crumbs: ['directory', 'list view', 'all clients'],
    views: {
      map: { title: 'Clients Map', crumbs: ['directory', 'map', 'clients map'] },
      list: { title: 'All Clients', crumbs: ['directory', 'list view', 'all clients'] },
    },
  },
  {
    path: '/directory/cost-center',
    title: 'All Cost Centres',
    module: 'Cost Centre',
    permission: 'costcentre',
    crumbs: ['directory', 'list view', 'all cost centres'],
    views: {
      map: { title: 'Cost Centre Map', crumbs: ['directory', 'map', 'cost centre map'] },
      list: { title: 'All Cost Centres', crumbs: ['directory', 'list view', 'all cost centres'] },
    },
  },
  list('/directory/all-staff', 'All Staff', ['directory', 'list view', 'all staff'], 'employee'),
  list('/office-users', 'Office Users', ['directory', 'google workspace', 'office users'], 'directoryuser'),
  list('/site-staff-users', 'Site Staff Users', ['directory', 'google workspace', 'site staff users'], 'member'),
  list('/directory-groups', 'Groups', ['directory', 'google workspace', 'groups'], 'directorygroup'),
  list('/clients', 'All Clients', ['accounts', 'all clients'], 'client'),
  list('/contact-person', 'Contact Person', ['accounts', 'contact person'], 'contactperson'),
  list('/roles', 'Client Contact Roles', ['accounts', 'client contact roles'], 'clientcontactrole'),
  list('/cost-center', 'All Cost Centres', ['operations', 'all cost centres'], 'costcentre'),
  list('/brands', 'Brands', ['operations', 'brands'], 'brand'),
  list('/operation-roles', 'Operation Roles', ['operations', 'operation roles'], 'operationcontactrole'),
  list('/all-tickets', 'All Tickets', ['help desk', 'all tickets'], 'ticket'),
  list('/legal-entities', 'Legal Entities', ['organizations', 'legal entities'], 'legalentity', 'abbrId'),
  list('/industries', 'Industries', ['organizations', 'industries'], 'industry', 'industryId'),
  list('/helpdesk-teams', 'Help Desk Teams', ['help desk setup', 'teams'], 'team'),
  list('/helpdesk-routing-rules', 'Routing Rules', ['help desk setup', 'routing rules'], 'routingrule'),
  list('/helpdesk-sla-policies', 'SLA Policies', ['help desk setup', 'SLA policies'], 'slapolicy'),
  { path: '/themes-example/typography', title: 'Theme Setting', crumbs: ['theme setting', 'typography'] },
  list('/knowledge', 'Knowledge', ['knowledge']),
  { path: '/report', title: 'Report a problem', crumbs: ['help desk', 'report a problem'] },
  { path: '/allocations', title: 'Allocations', crumbs: ['system administration', 'allocations'], permission: 'allocation' },
  { path: '/audit-trail', title: 'Audit trail', crumbs: ['system administration', 'audit trail'], permission: 'auditentry' },
  { path: '/automations', title: 'Automations', crumbs: ['system administration', 'automations'], permission: 'automationrule' },
  {
    path: '/automations/rules/:id',
    title: 'Automation Rule',
    crumbs: ['system administration', 'automations'],
    permission: 'automationrule',
    listPath: '/automations',
  },
  // Site checks (spec platform §14.1): explicit routes, so no derived detail route.
  { path: '/sitechecks', title: 'Site Checks', crumbs: ['site checks', 'today'], permission: 'sitecheckrun' },
  {
    path: '/sitechecks/runs/:id',
    title: 'Site Check',
    // The back button leads to Today (listPath), and reads so.
    crumbs: ['site checks', 'today'],
    permission: 'sitecheckrun',
    listPath: '/sitechecks',
  },
  {
    path: '/sitechecks/templates',
    title: 'Site Check Templates',
    crumbs: ['site checks', 'templates'],
    permission: 'sitechecktemplate',
  },
  {
    path: '/sitechecks/templates/:id',
    title: 'Site Check Template',
    crumbs: ['site checks', 'templates'],
    permission: 'sitechecktemplate',
    listPath: '/sitechecks/templates',
  },
  {
    path: '/sitechecks/schedules',
    title: 'Site Check Schedules',
    crumbs: ['site checks', 'schedules'],
    permission: 'sitecheckschedule',
  },
  {
    path: '/sitechecks/compliance',
    title: 'Site Check Compliance',
    crumbs: ['site checks', 'compliance'],
    permission: 'sitecheckrun',
  },
];

/**
 * The page setting key (`page_setting.page`) of each route whose page is a list with a saved view:
 * the pages name their key from here, and the shell asks for the saved view and the named views
 * while the page's code is still loading, so the list's own request starts as soon as it mounts.
 */
export const LIST_PAGE_KEYS = {
  '/tickets': 'MY-TICKETS',
  '/all-tickets': 'ALL-TICKETS',
  '/directory/clients': 'DIRECTORY-CLIENTS',
  '/directory/cost-center': 'DIRECTORY-COST-CENTRES',
  '/directory/all-staff': 'ALL-STAFF',
  '/office-users': 'OFFICE-USERS',
  '/site-staff-users': 'SITE-STAFF-USERS',
  '/directory-groups': 'DIRECTORY-GROUPS',
  '/clients': 'CLIENTS',
  '/contact-person': 'CONTACT-PERSONS',
  '/roles': 'CLIENT-CONTACT-ROLES',
  '/cost-center': 'COST-CENTRES',
  '/brands': 'BRANDS',
  '/operation-roles': 'OPERATION-ROLES',
  '/legal-entities': 'LEGAL-ENTITIES',
  '/industries': 'INDUSTRIES',
  '/audit-trail': 'AUDIT-TRAIL',
  '/helpdesk-teams': 'HELPDESK-TEAMS',
  '/helpdesk-routing-rules': 'HELPDESK-ROUTING-RULES',
  '/helpdesk-sla-policies': 'HELPDESK-SLA-POLICIES',
} as const;

/** The page setting key of the list at `pathname`, or null when the path is not such a list. */
export const listPageKeyAt = (pathname: string): string | null =>
  Object.hasOwn(LIST_PAGE_KEYS, pathname) ? LIST_PAGE_KEYS[pathname as keyof typeof LIST_PAGE_KEYS] : null;

const DETAIL_ROUTES: RouteMeta[] = LIST_ROUTES.filter((route) => route.detailParam).map((route) => ({
  path: `${route.path}/:${route.detailParam}`,
  title: `${route.title} Details`,
  crumbs: route.crumbs,
  permission: route.permission,
  listPath: route.path,
  detailParam: route.detailParam,
}));

export const ROUTE_META: RouteMeta[] = [...LIST_ROUTES, ...DETAIL_ROUTES];

export interface ResolvedRoute {
  meta: RouteMeta;
  params: Record<string, string | undefined>;
  view: string | null;
  /** Title for this view of the route. */
  title: string;
  crumbs: string[];
  isDetail: boolean;
}

export function resolveRoute(pathname: string, search: string): ResolvedRoute | null {
  const view = new URLSearchParams(search).get('view');
  for (const meta of ROUTE_META) {
    const match = matchPath({ path: meta.path, end: true }, pathname);
    if (!match) continue;
    const variant = view && meta.views?.[view];
    return {
      meta,
      params: match.params,
      view,
      title: variant ? variant.title : meta.title,
      crumbs: variant ? variant.crumbs : meta.crumbs,
      isDetail: Boolean(meta.listPath),
    };
  }
  return null;
}
