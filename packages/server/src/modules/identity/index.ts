// The identity module's public face (see records/index.ts).
export { identityPlugin } from './identity.plugin';
export { allocationPlugin, type AllocatedRecordOf, type AllocatedRecords, type AllocationKind, type AllocationScope } from './allocation.plugin';
export { identityServiceFor } from './identity-service-for';
export { createIdentityService } from './identity.service';
export { createIdentityRepository, type AuthUser } from './identity.repository';
export { permissionCache } from './permission-cache';
export type { PermissionHolders } from './permission-holders';
export { usersResource } from './users.resource';
export { DEMO_PASSWORD, ensureUser, identityFor } from './demo-users';
// Tables other modules may read (a user's name and email, the profile's map marker); writes go
// through the identity service (scripts/check-layers.mjs, docs/architecture.md).
export { appSettings, profiles, users } from '../../db/schema/identity';
