import type { DbOrTx } from '../../platform/db';
import { listPage } from '../../list-query/list-endpoint';
import type { ListRequest } from '../../list-query/list-request';
import { createUserDirectoryRepository } from './identity.repository';
import type { IdentityService } from './identity.service';
import { serializePageSetting } from './identity-settings';
import { securityEventsResource, serializeSecurityEvent } from './security-events.resource';
import { usersResource } from './users.resource';
import { pageSettingsOwnedBy, pageSettingsResource } from './page-settings.resource';

/** Identity's lists: the user directory, security events, and a user's own page settings. */
export function createIdentityListsService(deps: { db: DbOrTx; identity: Pick<IdentityService, 'securityEventsByIds'> }) {
  const { db, identity } = deps;
  const directory = createUserDirectoryRepository(db);
  return {
    users: (list: ListRequest) => listPage(db, list, { resource: usersResource, hydrate: directory.publicUsersByIds }),

    securityEvents: (list: ListRequest) =>
      listPage(db, list, {
        resource: securityEventsResource,
        hydrate: async (ids) => (await identity.securityEventsByIds(ids)).map(serializeSecurityEvent),
      }),

    pageSettings: (userId: string, list: ListRequest) =>
      listPage(db, list, {
        resource: pageSettingsResource,
        where: pageSettingsOwnedBy(userId),
        hydrate: async (ids) => (await directory.pageSettingsByIds(ids)).map(serializePageSetting),
      }),
  };
}

export type IdentityListsService = ReturnType<typeof createIdentityListsService>;
