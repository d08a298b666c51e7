import { lazy, Suspense, useEffect, useRef, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { setMfaSetupHandler, setStepUpHandler, setUnauthorizedHandler } from '../api/http-client';
import { setMfaSetupRequired } from '../shared/session/mfa-setup';
import { clearToken } from '../api/auth-token';
import { useToken } from '../shared/session/use-token';
import { listPageKeyAt, ROUTE_META } from '../shared/route-meta';
import { PageLoading } from '../shared/ui/PageLoading';
import { importWithRetry } from './route-error';
import { RouteError } from './RouteError';

type LazyPage = ReturnType<typeof lazy<ComponentType>> & { preload: () => void };

/**
 * A code-split page; `preload` starts fetching its chunk before it renders (dynamic imports are
 * cached). A chunk that fails to load is tried once more, then the route's error screen shows.
 */
const page = <K extends string>(loader: () => Promise<Record<K, ComponentType>>, name: K): LazyPage =>
  Object.assign(
    lazy(async () => ({ default: (await importWithRetry(loader))[name] })),
    { preload: () => void loader().catch(() => undefined) },
  );

const LoginPage = page(() => import('../features/auth/LoginPage'), 'LoginPage');
const AppShell = page(() => import('./AppShell'), 'AppShell');
const HomePage = page(() => import('../features/home/HomePage'), 'HomePage');
const MyTicketsPage = page(() => import('../features/tickets/MyTicketsPage'), 'MyTicketsPage');
const MyTicketPage = page(() => import('../features/tickets/TicketPage'), 'MyTicketPage');
const StaffTicketPage = page(() => import('../features/tickets/TicketPage'), 'StaffTicketPage');
const AllTicketsPage = page(() => import('../features/tickets/MyTicketsPage'), 'AllTicketsPage');
const UserAccountPage = page(() => import('../features/account/UserAccountPage'), 'UserAccountPage');
const TypographyPage = page(() => import('../features/theme-example/TypographyPage'), 'TypographyPage');
const NotificationsPage = page(() => import('../features/notifications/NotificationsPage'), 'NotificationsPage');
const NotificationSettingsPage = page(() => import('../features/notifications/NotificationSettingsPage'), 'NotificationSettingsPage');
const KnowledgePage = page(() => import('../features/knowledge/KnowledgePages'), 'KnowledgePage');
const ArticlePage = page(() => import('../features/knowledge/KnowledgePages'), 'ArticlePage');
const ModuleListPage = page(() => import('../features/modules/ModuleListPage'), 'ModuleListPage');
const ModuleDetailPage = page(() => import('../features/modules/ModuleDetailPage'), 'ModuleDetailPage');
const DirectoryClientsPage = page(() => import('../features/directory/DirectoryViewPage'), 'DirectoryClientsPage');
const DirectoryCostCentresPage = page(() => import('../features/directory/DirectoryViewPage'), 'DirectoryCostCentresPage');
const AllStaffPage = page(() => import('../features/directory/DirectoryListPages'), 'AllStaffPage');
const OfficeUsersPage = page(() => import('../features/directory/DirectoryListPages'), 'OfficeUsersPage');
const SiteStaffUsersPage = page(() => import('../features/directory/DirectoryListPages'), 'SiteStaffUsersPage');
const GroupsPage = page(() => import('../features/directory/DirectoryListPages'), 'GroupsPage');
const GroupPage = page(() => import('../features/directory/DirectoryListPages'), 'GroupPage');
const NotFoundPage = page(() => import('../features/modules/NotFoundPage'), 'NotFoundPage');
const ClientListPage = page(() => import('../features/clients/ClientListPage'), 'ClientListPage');
const ClientDetailPage = page(() => import('../features/clients/ClientDetailPage'), 'ClientDetailPage');
const CostCentreListPage = page(() => import('../features/cost-centres/CostCentreListPage'), 'CostCentreListPage');
const CostCentreDetailPage = page(() => import('../features/cost-centres/CostCentreDetailPage'), 'CostCentreDetailPage');
const ContactPersonListPage = page(() => import('../features/contact-persons/ContactPersonPages'), 'ContactPersonListPage');
const ContactPersonDetailPage = page(() => import('../features/contact-persons/ContactPersonPages'), 'ContactPersonDetailPage');
const ClientRoleListPage = page(() => import('../features/roles/RolePages'), 'ClientRoleListPage');
const ClientRoleDetailPage = page(() => import('../features/roles/RolePages'), 'ClientRoleDetailPage');
const OperationRoleListPage = page(() => import('../features/roles/RolePages'), 'OperationRoleListPage');
const OperationRoleDetailPage = page(() => import('../features/roles/RolePages'), 'OperationRoleDetailPage');
const BrandListPage = page(() => import('../features/brands/BrandPages'), 'BrandListPage');
const BrandDetailPage = page(() => import('../features/brands/BrandPages'), 'BrandDetailPage');
const LegalEntityListPage = page(() => import('../features/legal-entities/LegalEntityPages'), 'LegalEntityListPage');
const LegalEntityDetailPage = page(() => import('../features/legal-entities/LegalEntityPages'), 'LegalEntityDetailPage');
const IndustryListPage = page(() => import('../features/industries/IndustryPages'), 'IndustryListPage');
const IndustryDetailPage = page(() => import('../features/industries/IndustryPages'), 'IndustryDetailPage');
const ReportPage = page(() => import('../features/tickets/ReportPage'), 'ReportPage');
const TeamListPage = page(() => import('../features/helpdesk-admin/HelpdeskAdminPages'), 'TeamListPage');
const TeamDetailPage = page(() => import('../features/helpdesk-admin/HelpdeskAdminPages'), 'TeamDetailPage');
const RoutingRuleListPage = page(() => import('../features/helpdesk-admin/HelpdeskAdminPages'), 'RoutingRuleListPage');
const RoutingRuleDetailPage = page(() => import('../features/helpdesk-admin/HelpdeskAdminPages'), 'RoutingRuleDetailPage');
const SlaPolicyListPage = page(() => import('../features/helpdesk-admin/SlaPolicyPages'), 'SlaPolicyListPage');
const SlaPolicyDetailPage = page(() => import('../features/helpdesk-admin/SlaPolicyPages'), 'SlaPolicyDetailPage');
const AllocationsPage = page(() => import('../features/allocations/AllocationsPage'), 'AllocationsPage');
const AuditTrailPage = page(() => import('../features/audit/AuditTrailPage'), 'AuditTrailPage');
// Automations (spec platform §14.3): rules, run log, versions and webhooks, one chunk of their own.
const AutomationsPage = page(() => import('../features/automations/AutomationsPage'), 'AutomationsPage');
const AutomationRulePage = page(() => import('../features/automations/AutomationRulePage'), 'AutomationRulePage');
const AccountSecurityPage = page(() => import('../features/account-security/AccountSecurityPage'), 'AccountSecurityPage');
// Site checks (spec platform §14.1): the phone pages and the managers' pages are separate chunks.
const SiteChecksTodayPage = page(() => import('../features/sitechecks/SiteCheckPages'), 'SiteChecksTodayPage');
const SiteCheckRunPage = page(() => import('../features/sitechecks/SiteCheckPages'), 'SiteCheckRunPage');
const SiteCheckTemplatesPage = page(() => import('../features/sitechecks/SiteCheckAdminPages'), 'SiteCheckTemplatesPage');
const SiteCheckTemplatePage = page(() => import('../features/sitechecks/SiteCheckAdminPages'), 'SiteCheckTemplatePage');
const SiteCheckSchedulesPage = page(() => import('../features/sitechecks/SiteCheckAdminPages'), 'SiteCheckSchedulesPage');
const SiteCheckCompliancePage = page(() => import('../features/sitechecks/SiteCheckAdminPages'), 'SiteCheckCompliancePage');

/** Forgets cached data whenever the signed-in identity changes (sign-out here, in another tab, or a 401). */
function SessionBoundary() {
  const token = useToken();
  const queryClient = useQueryClient();
  const previous = useRef(token);
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthorizedHandler(() => clearToken());
    // A sensitive action answered 403 step_up_required: "Confirm it is you" (loaded on first use), then the request again.
    setStepUpHandler(async () => (await import('../features/account-security/StepUpDialog')).confirmItIsYou());
    // A user who must have a second factor and has none: the security page, which says why.
    setMfaSetupHandler(() => {
      setMfaSetupRequired(true);
      if (window.location.pathname !== '/account-security') navigate('/account-security', { replace: true });
    });
  }, [navigate]);
  useEffect(() => {
    if (previous.current !== token && previous.current !== null) queryClient.clear();
    previous.current = token;
  }, [token, queryClient]);
  return <Outlet />;
}

/** Starts the requests every signed-in page waits for (who, what they may see, their settings) while the shell's code loads. */
function prefetchSession(queryClient: QueryClient) {
  void import('../shared/session/session')
    .then(({ currentUserQuery, permissionsQuery }) => Promise.all([queryClient.prefetchQuery(currentUserQuery), queryClient.prefetchQuery(permissionsQuery)]))
    .catch(() => undefined);
  void import('../shared/settings/app-settings.queries')
    .then(({ appSettingsQuery }) => queryClient.prefetchQuery(appSettingsQuery))
    .catch(() => undefined);
}

/**
 * Starts a list page's saved view and named views while its code loads, and the list's first page
 * as soon as they answer (`prefetchListView`): the list's request no longer waits for ListPage's code.
 * `permission` is the route's (`PermissionGate`): a user it turns away gets no list request.
 */
function prefetchListPage(queryClient: QueryClient, pageKey: string, search: string, permission: string | undefined) {
  // Through small chunks of their own (the queries, the record lists' endpoints), not ListPage's:
  // the requests start while the page's code loads.
  const source = Promise.all([import('../features/records/record-list-sources'), import('../shared/session/session')])
    .then(async ([{ recordListSourceOf }, { permissionsQuery }]) => {
      const listSource = recordListSourceOf(pageKey);
      if (!listSource || !permission) return listSource;
      const { permissions } = await queryClient.fetchQuery(permissionsQuery);
      // PermissionGate's test (`canReadFrom`): read access to the model in any app.
      return Object.values(permissions).some((models) => models[permission]?.read === true) ? listSource : null;
    })
    .catch(() => null);
  void import('../shared/ui/list-page/prefetch-list-view').then(({ prefetchListView }) => prefetchListView(queryClient, pageKey, search, source)).catch(() => undefined);
}

function RequireAuth() {
  const token = useToken();
  const location = useLocation();
  const queryClient = useQueryClient();
  // A map view (`?view=map`) of a directory list shows no list.
  const listPageKey = new URLSearchParams(location.search).get('view') === 'map' ? null : listPageKeyAt(location.pathname);
  // Started while rendering, before the page's chunks are asked for below, not in an effect after
  // them: a browser opens six connections to the server, and a request queued behind the page's
  // hundred-odd chunks waited half a second (bench/RESULTS.md, issue 37). Once per token and page.
  const started = useRef({ session: null as string | null, list: null as string | null });
  if (token && started.current.session !== token) {
    started.current.session = token;
    prefetchSession(queryClient);
  }
  const listStart = token && listPageKey ? `${token} ${listPageKey}` : null;
  if (listStart && started.current.list !== listStart) {
    started.current.list = listStart;
    prefetchListPage(queryClient, listPageKey!, location.search, ROUTE_META.find((meta) => meta.path === location.pathname)?.permission);
  }
  // Fetch the page's chunk alongside the shell's instead of after it (and after the permission check).
  const matches = useMatches();
  for (const match of matches) (match.handle as { preload?: () => void } | undefined)?.preload?.();
  if (!token) {
    const next =
      location.pathname === '/' && !location.search ? '' : `?next=${encodeURIComponent(location.pathname + location.search)}`;
    return <Navigate to={`/login${next}`} replace />;
  }
  return (
    <Suspense fallback={<PageLoading fullScreen />}>
      <AppShell />
    </Suspense>
  );
}

const SPECIAL_PAGES: Record<string, LazyPage> = {
  '/': HomePage,
  '/tickets': MyTicketsPage,
  '/tickets/:id': MyTicketPage,
  '/all-tickets': AllTicketsPage,
  '/all-tickets/:id': StaffTicketPage,
  '/user-accounts': UserAccountPage,
  '/notifications': NotificationsPage,
  '/notification-settings': NotificationSettingsPage,
  '/themes-example/typography': TypographyPage,
  '/directory/clients': DirectoryClientsPage,
  '/directory/cost-center': DirectoryCostCentresPage,
  '/directory/all-staff': AllStaffPage,
  '/office-users': OfficeUsersPage,
  '/site-staff-users': SiteStaffUsersPage,
  '/directory-groups': GroupsPage,
  '/directory-groups/:id': GroupPage,
  '/clients': ClientListPage,
  '/clients/:id': ClientDetailPage,
  '/cost-center': CostCentreListPage,
  '/cost-center/:id': CostCentreDetailPage,
  '/contact-person': ContactPersonListPage,
  '/contact-person/:id': ContactPersonDetailPage,
  '/roles': ClientRoleListPage,
  '/roles/:id': ClientRoleDetailPage,
  '/operation-roles': OperationRoleListPage,
  '/operation-roles/:id': OperationRoleDetailPage,
  '/brands': BrandListPage,
  '/brands/:id': BrandDetailPage,
  '/legal-entities': LegalEntityListPage,
  '/legal-entities/:abbrId': LegalEntityDetailPage,
  '/industries': IndustryListPage,
  '/industries/:industryId': IndustryDetailPage,
  '/report': ReportPage,
  '/helpdesk-teams': TeamListPage,
  '/helpdesk-teams/:id': TeamDetailPage,
  '/helpdesk-routing-rules': RoutingRuleListPage,
  '/helpdesk-routing-rules/:id': RoutingRuleDetailPage,
  '/helpdesk-sla-policies': SlaPolicyListPage,
  '/helpdesk-sla-policies/:id': SlaPolicyDetailPage,
  '/allocations': AllocationsPage,
  '/audit-trail': AuditTrailPage,
  '/automations': AutomationsPage,
  '/automations/rules/:id': AutomationRulePage,
  '/knowledge': KnowledgePage,
  '/knowledge/:id': ArticlePage,
  '/account-security': AccountSecurityPage,
  '/sitechecks': SiteChecksTodayPage,
  '/sitechecks/runs/:id': SiteCheckRunPage,
  '/sitechecks/templates': SiteCheckTemplatesPage,
  '/sitechecks/templates/:id': SiteCheckTemplatePage,
  '/sitechecks/schedules': SiteCheckSchedulesPage,
  '/sitechecks/compliance': SiteCheckCompliancePage,
};

const shellRoutes = ROUTE_META.map((meta) => {
  const Component = SPECIAL_PAGES[meta.path] ?? (meta.listPath ? ModuleDetailPage : ModuleListPage);
  // A page that fails (its chunk, a render error) shows the error screen inside the shell.
  return { path: meta.path, element: <Component />, errorElement: <RouteError />, handle: { preload: Component.preload } };
});

export const router = createBrowserRouter([
  {
    element: <SessionBoundary />,
    // The shell itself (or the sign-in page) failed: the error screen fills the window.
    errorElement: <RouteError fullScreen />,
    children: [
      {
        path: '/login',
        element: (
          <Suspense fallback={<PageLoading fullScreen />}>
            <LoginPage />
          </Suspense>
        ),
      },
      {
        element: <RequireAuth />,
        children: [...shellRoutes, { path: '*', element: <NotFoundPage />, errorElement: <RouteError /> }],
      },
    ],
  },
]);
