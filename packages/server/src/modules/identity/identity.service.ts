import { EXTRA_PERMISSIONS, PERMISSION_CATALOGUE, type PermissionsMap } from '@ops/contract/common/permissions';
import type { PermissionAction } from '@ops/contract/common/endpoint';
import type { User } from '@ops/contract/identity/identity.schemas';
import { notFound, ValidationError } from '../../platform/errors';
import { hashPassword, passwordProblems, verifyPassword } from '../../platform/passwords';
import { permissionCache } from './permission-cache';
import { localCredentialCaches } from './credential-cache';
import type { AuthUser, UserRow } from './identity.repository';
import { IDENTITY_ERRORS } from './identity.errors';
import type { IdentityServiceDeps } from './identity-service-deps';
import { createSignInMethods } from './identity-sign-in';
import { createUserSettingsMethods } from './identity-settings';
import { createSecondFactors } from './mfa-factors';
import { createTotpSecretBox } from './totp-secrets';
import { createAccountSecurityMethods } from './mfa.service';

/** Who made a permission change: the CLI, the server itself (bootstrap, seeds) or a user id. */
export type Actor = 'cli' | 'system' | (string & {});

export const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/** A superuser's permission keys: one set for every request (nothing adds to it). */
const EVERY_PERMISSION: Set<string> = new Set(['*']);

export function createIdentityService(deps: IdentityServiceDeps) {
  const { repository } = deps;

  async function serializeUser(row: UserRow): Promise<User> {
    const [groups, manager] = await Promise.all([repository.userGroups(row.id), repository.reportingManager(row.reportingManagerId)]);
    return {
      id: row.id,
      email: row.email,
      first_name: row.firstName,
      last_name: row.lastName,
      full_name: fullName(row),
      reporting_manager: manager,
      groups,
      last_login: row.lastLogin?.toISOString() ?? null,
      is_superuser: row.isSuperuser,
      is_staff: row.isStaff,
      is_active: row.isActive,
      date_joined: row.dateJoined.toISOString(),
      user_type: row.userType,
      directory_sync: row.directorySync,
    };
  }

  const factors = createSecondFactors(deps.mfa, deps.webauthn, deps.totpSecrets ?? createTotpSecretBox());
  const signIn = createSignInMethods(deps, serializeUser, factors);

  return {
    serializeUser,
    ...signIn,
    ...createAccountSecurityMethods(deps, factors, signIn.proveUnderLimit),

    async permissionKeys(user: AuthUser): Promise<Set<string>> {
      if (user.isSuperuser) return EVERY_PERMISSION;
      return permissionCache.get(user.id, async () => new Set(await repository.permissionKeys(user.id)));
    },

    permissionsMap(keys: Set<string>): PermissionsMap {
      const all = keys.has('*');
      const map: PermissionsMap = {};
      for (const [module, models] of Object.entries(PERMISSION_CATALOGUE)) {
        map[module] = {};
        for (const model of models) {
          const has = (action: PermissionAction) => all || keys.has(`${model}.${action}`);
          map[module]![model] = { read: has('read'), add: has('add'), change: has('change'), delete: has('delete') };
        }
      }
      // Rights beyond the four actions (`identity.view.share`). Views have no read/add/change/delete
      // permissions (every user keeps their own), so those flags stay false there.
      for (const extra of EXTRA_PERMISSIONS) {
        const flags = (map[extra.module]![extra.model] ??= { read: false, add: false, change: false, delete: false });
        (flags as Record<string, boolean>)[extra.action] = all || keys.has(`${extra.model}.${extra.action}`);
      }
      return map;
    },

    async getUser(userId: string): Promise<User> {
      const row = await repository.findUserById(userId);
      if (!row) throw notFound();
      return serializeUser(row);
    },

    async updateUserName(userId: string, values: { first_name?: string; last_name?: string }): Promise<User> {
      const patch: Partial<UserRow> = {};
      if (values.first_name !== undefined) patch.firstName = values.first_name;
      if (values.last_name !== undefined) patch.lastName = values.last_name;
      const row = Object.keys(patch).length ? await repository.updateUser(userId, patch) : await repository.findUserById(userId);
      if (!row) throw notFound();
      // The signed-in user's name is part of the cached credential.
      localCredentialCaches.forgetUser(userId);
      return serializeUser(row);
    },

    ...createUserSettingsMethods(repository),

    /** Creates a user in its type's default group (unless `noGroup`). */
    async createUser(input: {
      email: string;
      password: string;
      firstName?: string;
      lastName?: string;
      userType?: number;
      superuser?: boolean;
      noGroup?: boolean;
      skipPolicy?: boolean;
      actor?: Actor;
      /** An already computed hash of `password` (test factories insert many users without hashing each). */
      passwordHash?: string;
    }): Promise<UserRow> {
      const problems = input.skipPolicy ? [] : passwordProblems(input.password, input.email);
      if (problems.length) throw new ValidationError({ password: problems });
      const userType = input.userType ?? (input.superuser ? 1 : 6);
      return deps.transaction(async (repo) => {
        if (await repo.findUserByEmail(input.email)) throw IDENTITY_ERRORS.onField('email', 'EMAIL_TAKEN');
        const user = await repo.insertUser({
          email: input.email.trim(),
          password: input.passwordHash ?? (await hashPassword(input.password)),
          firstName: input.firstName ?? '',
          lastName: input.lastName ?? '',
          userType,
          isSuperuser: input.superuser ?? false,
          isStaff: input.superuser ?? userType <= 3,
        });
        if (!input.noGroup) {
          const group = await repo.findGroupByUserType(userType);
          if (group) {
            await repo.addUserToGroup(user.id, group.id);
            await repo.recordSecurityEvent({ kind: 'group_joined', email: user.email, userId: user.id, actor: input.actor ?? 'system', detail: { group: group.name, reason: 'default group of the user type' } });
          }
        }
        return user;
      });
    },

    async setPassword(email: string, password: string, options: { skipPolicy?: boolean } = {}) {
      const user = await repository.findUserByEmail(email);
      if (!user) throw IDENTITY_ERRORS.onField('email', 'NO_USER_WITH_EMAIL');
      const problems = options.skipPolicy ? [] : passwordProblems(password, email);
      if (problems.length) throw new ValidationError({ password: problems });
      const hashed = await hashPassword(password);
      // A new password ends every sign-in made with the old one.
      await deps.transaction(async (repo) => {
        await repo.updateUser(user.id, { password: hashed });
        await repo.deleteUserTokens(user.id);
        await repo.deleteUserSessions(user.id);
      });
      localCredentialCaches.forgetUser(user.id);
      return user;
    },

    /** Adds a user to a group or grants one permission; the change and who made it go to the security log. */
    async grant(email: string, target: { permission?: string; group?: string }, actor: Actor = 'cli') {
      const user = await repository.findUserByEmail(email);
      if (!user) throw IDENTITY_ERRORS.onField('email', 'NO_USER_WITH_EMAIL');
      if (target.group) {
        const group = await repository.findGroupByName(target.group);
        if (!group) throw IDENTITY_ERRORS.onField('group', 'NO_GROUP_NAMED', target.group);
        await deps.transaction(async (repo) => {
          await repo.addUserToGroup(user.id, group.id);
          await repo.recordSecurityEvent({ kind: 'group_joined', email: user.email, userId: user.id, actor, detail: { group: group.name } });
        });
        permissionCache.clear();
        return;
      }
      const [model, action] = (target.permission ?? '').split('.');
      const permission = model && action ? await repository.findPermission(model, action) : undefined;
      if (!permission) throw IDENTITY_ERRORS.onField('permission', 'UNKNOWN_PERMISSION', String(target.permission));
      await deps.transaction(async (repo) => {
        await repo.grantUserPermission(user.id, permission.id);
        await repo.recordSecurityEvent({ kind: 'permission_granted', email: user.email, userId: user.id, actor, detail: { permission: `${model}.${action}` } });
      });
      permissionCache.clear();
    },

    securityEventsByIds: (ids: string[]) => repository.securityEventsByIds(ids),

    findUserByEmail: (email: string) => repository.findUserByEmail(email),
    checkPassword: (user: UserRow, password: string) => verifyPassword(password, user.password),
    countUsers: () => repository.countUsers(),
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
