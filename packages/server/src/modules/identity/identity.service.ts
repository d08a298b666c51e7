import { EXTRA_PERMISSIONS, PERMISSION_CATALOGUE, type PermissionsMap } from '@ops/contract/common/permissions';
import type { PermissionAction } from '@ops/contract/common/endpoint';
import { APP_SETTING_DEFAULTS, DEFAULT_PAGE_SETTING, type AppSetting, type PageSetting, type Profile, type User } from '@ops/contract/identity/identity.schemas';
import { ERROR_MESSAGES } from '@ops/contract/common/errors';
import { notFound, throttled, ValidationError } from '../../platform/errors';
import { dummyPasswordHash, hashPassword, needsRehash, passwordProblems, randomToken, sha512, verifyPassword } from '../../platform/passwords';
import { permissionCache } from './permission-cache';
import { localCredentialCaches, type CredentialCache } from './credential-cache';
import type { AppSettingRow, AuthUser, IdentityRepository, PageSettingRow, ProfileRow, UserRow } from './identity.repository';
import { IDENTITY_ERRORS } from './identity.errors';

export interface IdentityServiceDeps {
  repository: IdentityRepository;
  /** Runs `work` in one transaction with a repository bound to it. */
  transaction: <T>(work: (repository: IdentityRepository) => Promise<T>) => Promise<T>;
  tokenTtlSeconds: number;
  sessionTtlSeconds: number;
  /** A sign-in (session or API token) ends this long after it began however often it is refreshed (30 days unless given). */
  sessionAbsoluteTtlSeconds?: number;
  loginFailureLimit: number;
  /** Failed sign-ins from one address over all accounts before that address is throttled too. */
  loginFailureAddressLimit: number;
  loginFailureWindowSeconds: number;
  /**
   * Token and session lookups kept in process (the server's; the CLI resolves none). Revocations
   * made by any identity service drop the entries of every cache in the process at once
   * (localCredentialCaches); the database notifies the other processes (revocation-listener.ts).
   */
  credentialCache?: CredentialCache;
}

/** Where a sign-in came from, for the rate limits and the security log. */
export interface ClientAddress {
  address: string;
  userAgent?: string | null;
}

/** Who made a permission change: the CLI, the server itself (bootstrap, seeds) or a user id. */
export type Actor = 'cli' | 'system' | (string & {});

export const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

export function createIdentityService(deps: IdentityServiceDeps) {
  const { repository } = deps;
  const sessionAbsoluteTtlSeconds = deps.sessionAbsoluteTtlSeconds ?? 30 * 24 * 3600;
  const credentials = deps.credentialCache;

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

  const retryAfter = (oldest: Date | null) =>
    Math.max(1, Math.ceil(((oldest?.getTime() ?? Date.now()) + deps.loginFailureWindowSeconds * 1000 - Date.now()) / 1000));

  /**
   * Checks credentials under two failure limits: per account and address
   * (guessing one password) and per address over all accounts (spraying
   * many). The attempt is counted as a failure before the password is hashed,
   * under a lock per address, so concurrent attempts past the limit answer 429
   * without hashing; a success clears the count. Every outcome goes to the
   * security log.
   */
  async function checkCredentials(email: string, password: string, client: ClientAddress): Promise<UserRow> {
    const { address } = client;
    const event = { email, address, userAgent: client.userAgent ?? null };
    const limitedBy = await deps.transaction(async (repo) => {
      await repo.lockLoginAddress(address);
      const perAccount = await repo.countRecentLoginFailures(email, address, deps.loginFailureWindowSeconds);
      const perAddress = await repo.countRecentLoginFailuresFromAddress(address, deps.loginFailureWindowSeconds);
      if (perAccount.count >= deps.loginFailureLimit) return { limit: 'account_and_address', oldest: perAccount.oldest };
      if (perAddress.count >= deps.loginFailureAddressLimit) return { limit: 'address', oldest: perAddress.oldest };
      await repo.recordLoginFailure(email, address);
      return undefined;
    });
    if (limitedBy) {
      await repository.recordSecurityEvent({ ...event, kind: 'login_throttled', detail: { limit: limitedBy.limit } });
      throw throttled(retryAfter(limitedBy.oldest));
    }
    const user = email ? await repository.findUserByEmail(email) : undefined;
    const ok = await verifyPassword(password, user?.password ?? (await dummyPasswordHash()));
    if (!user || !ok || !user.isActive) {
      await repository.recordSecurityEvent({ ...event, kind: 'login_failed', userId: user?.id ?? null, detail: { reason: !user ? 'unknown_account' : !ok ? 'wrong_password' : 'inactive' } });
      throw ValidationError.nonField(ERROR_MESSAGES.badCredentials);
    }
    await repository.clearLoginFailures(email, address);
    if (needsRehash(user.password)) return (await repository.updateUser(user.id, { password: await hashPassword(password) })) ?? user;
    return user;
  }

  async function recordLogin(user: UserRow, client: ClientAddress, via: 'token' | 'session') {
    await repository.recordSecurityEvent({ kind: 'login_succeeded', email: user.email, userId: user.id, address: client.address, userAgent: client.userAgent ?? null, detail: { via } });
  }

  return {
    serializeUser,

    async tokenLogin(email: string, password: string, client: ClientAddress) {
      const user = await checkCredentials(email, password, client);
      await recordLogin(user, client, 'token');
      const token = randomToken(32);
      const expiry = new Date(Date.now() + Math.min(deps.tokenTtlSeconds, sessionAbsoluteTtlSeconds) * 1000);
      await repository.insertToken({ digest: sha512(token), tokenKey: token.slice(0, 15), userId: user.id, expiry });
      const updated = (await repository.updateUser(user.id, { lastLogin: new Date() }))!;
      return { expiry: expiry.toISOString(), token, user: await serializeUser(updated) };
    },

    async sessionLogin(email: string, password: string, client: ClientAddress) {
      const user = await checkCredentials(email, password, client);
      await recordLogin(user, client, 'session');
      const sessionKey = randomToken(32);
      const now = new Date();
      const expiry = new Date(now.getTime() + Math.min(deps.sessionTtlSeconds, sessionAbsoluteTtlSeconds) * 1000);
      await repository.insertSession({ digest: sha512(sessionKey), userId: user.id, createdAt: now, expiry });
      await repository.updateUser(user.id, { lastLogin: new Date() });
      return { sessionKey, expiry };
    },

    async resolveToken(token: string) {
      const digest = sha512(token);
      const load = () => repository.findUserByTokenDigest(digest, sessionAbsoluteTtlSeconds);
      return credentials ? credentials.resolve(`t:${digest}`, load) : load();
    },

    async resolveSession(sessionKey: string) {
      const digest = sha512(sessionKey);
      const load = () => repository.findUserBySessionDigest(digest, sessionAbsoluteTtlSeconds);
      return credentials ? credentials.resolve(`s:${digest}`, load) : load();
    },

    /**
     * Signs in a user an identity provider vouched for (DESIGN 13.3): the same knox token a password
     * sign-in issues, recorded in the security log with the method. Only an active user signs in.
     */
    async tokenLoginVerified(user: UserRow, client: ClientAddress, method: string) {
      if (!user.isActive) throw ValidationError.nonField(ERROR_MESSAGES.badCredentials);
      await repository.recordSecurityEvent({ kind: 'login_succeeded', email: user.email, userId: user.id, address: client.address, userAgent: client.userAgent ?? null, detail: { via: 'token', method } });
      const token = randomToken(32);
      const expiry = new Date(Date.now() + deps.tokenTtlSeconds * 1000);
      await repository.insertToken({ digest: sha512(token), tokenKey: token.slice(0, 15), userId: user.id, expiry });
      await repository.updateUser(user.id, { lastLogin: new Date() });
      return { token, expiry };
    },

    /**
     * Hands over a sign-in's token once: the token given is deleted and a fresh one answered in the
     * knox sign-in shape, so the same hand-over token never signs in twice.
     */
    async exchangeToken(handOver: string) {
      const userId = await repository.takeToken(sha512(handOver));
      const user = userId ? await repository.findUserById(userId) : undefined;
      if (!user?.isActive) return undefined;
      const token = randomToken(32);
      const expiry = new Date(Date.now() + deps.tokenTtlSeconds * 1000);
      await repository.insertToken({ digest: sha512(token), tokenKey: token.slice(0, 15), userId: user.id, expiry });
      return { expiry: expiry.toISOString(), token, user: await serializeUser(user) };
    },

    /** A refused sign-in through an identity provider, for the security log. */
    async recordProviderLoginFailure(event: { email: string; userId: string | null; client: ClientAddress; method: string; reason: string }) {
      await repository.recordSecurityEvent({ kind: 'login_failed', email: event.email, userId: event.userId, address: event.client.address, userAgent: event.client.userAgent ?? null, detail: { reason: event.reason, method: event.method } });
    },


    async logoutToken(digest: string) {
      await repository.deleteToken(digest);
      localCredentialCaches.forgetDigest(`t:${digest}`);
    },
    async logoutAllTokens(userId: string) {
      await repository.deleteUserTokens(userId);
      localCredentialCaches.forgetUser(userId);
    },
    async logoutSession(digest: string) {
      await repository.deleteSession(digest);
      localCredentialCaches.forgetDigest(`s:${digest}`);
    },

    async refresh(via: 'token' | 'session', digest: string): Promise<Date> {
      // Sliding, but never past the sign-in's absolute end (tokens and sessions alike).
      if (via === 'token') return repository.extendToken(digest, new Date(Date.now() + deps.tokenTtlSeconds * 1000), sessionAbsoluteTtlSeconds);
      return repository.extendSession(digest, new Date(Date.now() + deps.sessionTtlSeconds * 1000), sessionAbsoluteTtlSeconds);
    },

    async permissionKeys(user: AuthUser): Promise<Set<string>> {
      if (user.isSuperuser) return new Set(['*']);
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

    async getProfile(userId: string): Promise<Profile> {
      return serializeProfile(userId, await repository.getProfile(userId));
    },

    async getProfileRow(userId: string) {
      return repository.getProfile(userId);
    },

    async updateProfile(userId: string, values: Partial<ProfileRow>): Promise<Profile> {
      const row = await repository.upsertProfile(userId, values);
      return serializeProfile(userId, row);
    },

    /** `browserZone` starts a user who has no settings yet in their browser's time zone (no prompt on first sign-in). */
    async getAppSetting(userId: string, browserZone?: string): Promise<AppSetting> {
      const row =
        (await repository.getAppSetting(userId)) ??
        (await repository.ensureAppSetting(userId, { ...appSettingDefaults(), ...(browserZone ? { timezone: browserZone } : {}) }));
      return serializeAppSetting(row);
    },

    async updateAppSetting(userId: string, values: Partial<Record<keyof typeof APP_SETTING_DEFAULTS, string>>): Promise<AppSetting> {
      await repository.ensureAppSetting(userId, appSettingDefaults());
      const row = await repository.updateAppSetting(userId, {
        themeMode: values.theme_mode,
        themeColour: values.theme_colour,
        displayDensity: values.display_density,
        defaultPageView: values.default_page_view,
        language: values.language,
        dateTimeFormat: values.date_time_format,
        timezone: values.timezone,
        landingPage: values.landing_page,
      });
      return serializeAppSetting(row);
    },

    async getPageSetting(userId: string, id: string): Promise<PageSetting> {
      const row = await repository.getPageSetting(userId, id);
      if (!row) throw notFound();
      return serializePageSetting(row);
    },

    async createPageSetting(userId: string, input: { page: string; layout: string; page_setting: Record<string, unknown> }) {
      const row = await repository.insertPageSetting({
        userId,
        page: input.page,
        layout: input.layout,
        pageSetting: { ...DEFAULT_PAGE_SETTING, ...input.page_setting },
      });
      return serializePageSetting(row);
    },

    async updatePageSetting(userId: string, id: string, input: { page?: string; layout?: string; page_setting?: Record<string, unknown> }) {
      const row = await repository.updatePageSetting(userId, id, {
        page: input.page,
        layout: input.layout,
        pageSetting: input.page_setting ? { ...DEFAULT_PAGE_SETTING, ...input.page_setting } : undefined,
      });
      if (!row) throw notFound();
      return serializePageSetting(row);
    },

    async deletePageSetting(userId: string, id: string) {
      if (!(await repository.deletePageSetting(userId, id))) throw notFound();
    },

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
        if (!group) throw ValidationError.field('group', `No group named "${target.group}".`);
        await deps.transaction(async (repo) => {
          await repo.addUserToGroup(user.id, group.id);
          await repo.recordSecurityEvent({ kind: 'group_joined', email: user.email, userId: user.id, actor, detail: { group: group.name } });
        });
        permissionCache.clear();
        return;
      }
      const [model, action] = (target.permission ?? '').split('.');
      const permission = model && action ? await repository.findPermission(model, action) : undefined;
      if (!permission) throw ValidationError.field('permission', `Unknown permission "${target.permission}". Use <model>.<read|add|change|delete>.`);
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

function appSettingDefaults() {
  return {
    themeMode: APP_SETTING_DEFAULTS.theme_mode,
    themeColour: APP_SETTING_DEFAULTS.theme_colour,
    displayDensity: APP_SETTING_DEFAULTS.display_density,
    defaultPageView: APP_SETTING_DEFAULTS.default_page_view,
    language: APP_SETTING_DEFAULTS.language,
    dateTimeFormat: process.env.DEFAULT_DATE_TIME_FORMAT || APP_SETTING_DEFAULTS.date_time_format,
    timezone: process.env.DEFAULT_TIMEZONE || APP_SETTING_DEFAULTS.timezone,
    landingPage: APP_SETTING_DEFAULTS.landing_page,
  };
}

function serializeAppSetting(row: AppSettingRow): AppSetting {
  return {
    user: row.userId,
    theme_mode: row.themeMode,
    theme_colour: row.themeColour,
    display_density: row.displayDensity,
    default_page_view: row.defaultPageView,
    language: row.language,
    date_time_format: row.dateTimeFormat as AppSetting['date_time_format'],
    timezone: row.timezone,
    landing_page: row.landingPage,
    updated_at: row.updatedAt.toISOString(),
  };
}

export function serializePageSetting(row: PageSettingRow): PageSetting {
  return {
    id: row.id,
    user: row.userId,
    page: row.page,
    layout: row.layout,
    page_setting: row.pageSetting as PageSetting['page_setting'],
    updated_at: row.updatedAt.toISOString(),
  };
}

function serializeProfile(userId: string, row: ProfileRow | undefined): Profile {
  return {
    user: userId,
    profile_picture: row?.profilePicture ? '/api/identity/profile/picture/' : null,
    date_of_birth: row?.dateOfBirth ?? null,
    phone: row?.phone ?? '',
    mobile: row?.mobile ?? '',
    personal_email: row?.personalEmail ?? '',
    linkedin: row?.linkedin ?? '',
    employee_id: row?.employeeId ?? null,
    legal_entity: row?.legalEntity ?? null,
    department: row?.department ?? null,
    position: row?.position ?? null,
    location: row?.location ?? null,
  };
}
