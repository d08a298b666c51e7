import { z } from 'zod';
import { endpoint } from '../common/endpoint';
import { listQuerySchema } from '../common/list-query';
import { paginated } from '../common/pagination';
import {
  ALLOCATION_KINDS,
  ALLOCATION_SCOPES,
  appSettingInputSchema,
  appSettingPatchSchema,
  appSettingReadQuerySchema,
  appSettingSchema,
  clientAllocationSchema,
  costCentreAllocationSchema,
  csrfSchema,
  legalEntityAllocationSchema,
  loginSchema,
  pageSettingInputSchema,
  pageSettingPatchSchema,
  pageSettingSchema,
  permissionsResponseSchema,
  profileSchema,
  profileUpdateSchema,
  securityEventSchema,
  sessionStatusSchema,
  userPublicSchema,
  userSchema,
  userUpdateSchema,
} from './identity.schemas';
import { ERROR_MESSAGES } from '../common/errors';
import { knoxLoginAnswerSchema, sessionLoginAnswerSchema } from './mfa.schemas';

const tags = ['identity'];
const authed = { kind: 'authenticated' } as const;
const pageSettingParams = z.object({ page_id: z.uuid({ error: ERROR_MESSAGES.uuid }) });

/**
 * `identity/allocation/{kind}/{scope}/` as one operation per kind: each kind lists its own item,
 * so its `ordering` and `select` values (and answer) can be documented exactly.
 */
function allocationEndpoint<Item extends z.ZodType>(kind: (typeof ALLOCATION_KINDS)[number], records: string, item: Item) {
  return endpoint({
    method: 'GET',
    path: `/api/identity/allocation/${kind}/{scope}/`,
    summary: `The caller's allocated ${records} (direct, inherited or all)`,
    tags,
    access: authed,
    params: z.object({ scope: z.enum(ALLOCATION_SCOPES) }),
    query: listQuerySchema,
    responses: { 200: paginated(item) },
  });
}

export const identityEndpoints = {
  listSecurityEvents: endpoint({
    method: 'GET',
    path: '/api/identity/security-events/',
    summary: 'The security audit log: sign-ins and permission changes, newest first (administrators)',
    tags,
    access: { kind: 'permission', model: 'securityevent', action: 'read' },
    query: listQuerySchema,
    responses: { 200: paginated(securityEventSchema) },
  }),
  csrfToken: endpoint({ method: 'GET', path: '/api/identity/auth/csrftoken/', summary: 'Issue a CSRF token (cookie and body)', tags, access: { kind: 'public' }, responses: { 200: csrfSchema } }),
  knoxLogin: endpoint({ method: 'POST', path: '/api/identity/auth/knox/login/', summary: 'Sign in and receive a token (or, for a user with a second factor, an mfa_token for identity/auth/mfa/)', tags, access: { kind: 'public' }, body: loginSchema, errors: [429], responses: { 200: knoxLoginAnswerSchema } }),
  knoxLogout: endpoint({ method: 'POST', path: '/api/identity/auth/knox/logout/', summary: 'Delete the token used for this request', tags, access: authed, responses: { 204: null } }),
  knoxLogoutAll: endpoint({ method: 'POST', path: '/api/identity/auth/knox/logoutall/', summary: "Delete all of the user's tokens", tags, access: authed, responses: { 204: null } }),
  sessionLogin: endpoint({ method: 'POST', path: '/api/identity/auth/login/', summary: 'Session sign-in (needs the CSRF token; a user with a second factor gets an mfa_token for identity/auth/mfa/ and no cookie)', tags, access: { kind: 'public' }, body: loginSchema, errors: [403, 429], responses: { 200: sessionLoginAnswerSchema } }),
  sessionLogout: endpoint({ method: 'POST', path: '/api/identity/auth/logout/', summary: 'End the session', tags, access: { kind: 'optional' }, responses: { 200: z.object({ detail: z.string() }) } }),
  sessionRefresh: endpoint({ method: 'POST', path: '/api/identity/auth/session/refresh/', summary: 'Extend the session or token', tags, access: authed, responses: { 200: sessionStatusSchema } }),
  sessionStatus: endpoint({ method: 'GET', path: '/api/identity/auth/session/status/', summary: 'Whether the caller is signed in and until when', tags, access: authed, responses: { 200: sessionStatusSchema } }),
  permissions: endpoint({ method: 'GET', path: '/api/identity/auth/permissions/', summary: "The caller's permissions by module and model", tags, access: authed, responses: { 200: permissionsResponseSchema } }),
  getProfile: endpoint({ method: 'GET', path: '/api/identity/profile/', summary: "The caller's profile", tags, access: authed, responses: { 200: profileSchema } }),
  patchProfile: endpoint({ method: 'PATCH', path: '/api/identity/profile/', summary: "Update the caller's profile (multipart; file field profile_picture)", tags, access: authed, multipart: true, body: profileUpdateSchema, responses: { 200: profileSchema } }),
  getProfilePicture: endpoint({ method: 'GET', path: '/api/identity/profile/picture/', summary: "The caller's profile picture", tags, access: authed, errors: [404], produces: ['image/*'], responses: { 200: null } }),
  getUser: endpoint({ method: 'GET', path: '/api/identity/user/', summary: 'The signed-in user', tags, access: authed, responses: { 200: userSchema } }),
  patchUser: endpoint({ method: 'PATCH', path: '/api/identity/user/', summary: "Change the caller's name", tags, access: authed, body: userUpdateSchema, responses: { 200: userSchema } }),
  listUsers: endpoint({ method: 'GET', path: '/api/identity/users/', summary: 'Users (public shape)', tags, access: { kind: 'permission', model: 'user', action: 'read' }, query: listQuerySchema, responses: { 200: paginated(userPublicSchema) } }),
  getAppSetting: endpoint({
    method: 'GET',
    path: '/api/identity/app-setting/',
    summary: "The caller's application settings (created with defaults on first read; `timezone`, the browser's zone, is the starting zone then and ignored later)",
    tags,
    access: authed,
    query: appSettingReadQuerySchema,
    responses: { 200: appSettingSchema },
  }),
  putAppSetting: endpoint({ method: 'PUT', path: '/api/identity/app-setting/', summary: 'Replace the application settings', tags, access: authed, body: appSettingInputSchema, responses: { 200: appSettingSchema } }),
  patchAppSetting: endpoint({ method: 'PATCH', path: '/api/identity/app-setting/', summary: 'Change some application settings', tags, access: authed, body: appSettingPatchSchema, responses: { 200: appSettingSchema } }),
  listPageSettings: endpoint({ method: 'GET', path: '/api/identity/page-setting/', summary: "The caller's page settings", tags, access: authed, query: listQuerySchema, responses: { 200: paginated(pageSettingSchema) } }),
  createPageSetting: endpoint({ method: 'POST', path: '/api/identity/page-setting/', summary: 'Create a page setting', tags, access: authed, body: pageSettingInputSchema, responses: { 201: pageSettingSchema } }),
  getPageSetting: endpoint({ method: 'GET', path: '/api/identity/page-setting/{page_id}/', summary: 'One page setting', tags, access: authed, params: pageSettingParams, responses: { 200: pageSettingSchema } }),
  putPageSetting: endpoint({ method: 'PUT', path: '/api/identity/page-setting/{page_id}/', summary: 'Replace a page setting', tags, access: authed, params: pageSettingParams, body: pageSettingInputSchema, responses: { 200: pageSettingSchema } }),
  patchPageSetting: endpoint({ method: 'PATCH', path: '/api/identity/page-setting/{page_id}/', summary: 'Change a page setting', tags, access: authed, params: pageSettingParams, body: pageSettingPatchSchema, responses: { 200: pageSettingSchema } }),
  deletePageSetting: endpoint({ method: 'DELETE', path: '/api/identity/page-setting/{page_id}/', summary: 'Delete a page setting', tags, access: authed, params: pageSettingParams, responses: { 204: null } }),
  allocatedClients: allocationEndpoint('client', 'clients', clientAllocationSchema),
  allocatedCostCentres: allocationEndpoint('cost-centre', 'cost centres', costCentreAllocationSchema),
  allocatedLegalEntities: allocationEndpoint('legal-entity', 'legal entities', legalEntityAllocationSchema),
};
