import type { PresenceEntry, PresenceSubject } from '@ops/contract/presence/presence.schemas';
import { permissionDenied } from '../../platform/errors';
import type { RequestAuth } from '../../platform/route';
import type { PresenceRepository } from './presence.repository';

export interface PresenceServiceDeps {
  repository: PresenceRepository;
  /** Tells these users' open streams that the editors of a record changed (on every instance). */
  announce(userIds: string[], subject: PresenceSubject): void;
}

/**
 * Who else has a record's edit form open (platform.md 14.6). Seeing it takes the record model's read
 * permission; arrivals and departures are announced to the others present, whose forms then ask again.
 */
export function createPresenceService({ repository, announce }: PresenceServiceDeps) {
  const keyOf = (subject: PresenceSubject) => ({ model: subject.model, recordId: subject.id });
  const others = async (subject: PresenceSubject, userId: string): Promise<PresenceEntry[]> =>
    (await repository.others(keyOf(subject), userId)).map((row) => ({ user: { id: row.userId, name: row.name }, since: row.since.toISOString() }));
  const mayRead = async (auth: RequestAuth, subject: PresenceSubject) => {
    const keys = await auth.permissionKeys();
    if (!keys.has('*') && !keys.has(`${subject.model}.read`)) throw permissionDenied();
  };
  const tellOthers = (present: PresenceEntry[], subject: PresenceSubject) => {
    if (present.length) announce(present.map((entry) => entry.user.id), subject);
  };

  return {
    async announce(auth: RequestAuth, subject: PresenceSubject): Promise<PresenceEntry[]> {
      await mayRead(auth, subject);
      const arrived = await repository.touch(keyOf(subject), auth.user.id);
      const present = await others(subject, auth.user.id);
      if (arrived) tellOthers(present, subject);
      return present;
    },

    async leave(auth: RequestAuth, subject: PresenceSubject): Promise<void> {
      await mayRead(auth, subject);
      if (await repository.leave(keyOf(subject), auth.user.id)) tellOthers(await others(subject, auth.user.id), subject);
    },

    async list(auth: RequestAuth, subject: PresenceSubject): Promise<PresenceEntry[]> {
      await mayRead(auth, subject);
      return others(subject, auth.user.id);
    },

    sweep: () => repository.sweep(),
  };
}
