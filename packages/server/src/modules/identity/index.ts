// The identity module's public face (see records/index.ts).
export { identityPlugin } from './identity.plugin';
export { allocationPlugin, type AllocatedRecordOf, type AllocatedRecords, type AllocationKind, type AllocationScope } from './allocation.plugin';
export { identityServiceFor } from './identity-service-for';
export { createIdentityService } from './identity.service';
export { createIdentityRepository, type AuthUser } from './identity.repository';
export { permissionCache } from './permission-cache';
export type { PermissionHolders } from './permission-holders';
export { usersResource } from './users.resource';
// The step-up guard (spec platform §14.5) for sensitive actions of any module: `stepUp: true` on a
// contract endpoint, or `await requireStepUp(request)` in a handler that needs it only sometimes.
export { requireStepUp, stepUpRequired } from './step-up';
export { DEMO_PASSWORD, ensureUser, identityFor } from './demo-users';
// Tables other modules may read (a user's name and email, the profile's map marker); writes go
// through the identity service (scripts/check-layers.mjs, docs/architecture.md).
export { appSettings, profiles, users } from '../../db/schema/identity';
export { localCredentialCaches } from './credential-cache';
