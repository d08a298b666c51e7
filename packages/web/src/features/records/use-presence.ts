import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PRESENCE_MODELS, type PresenceModel } from '@ops/contract/presence/presence.values';
import { presenceEndpoints } from '../../api/endpoint-routes';
import { callEndpoint } from '../../api/http-client';
import { subscribeToPresenceChanges } from '../../shell/header/notifications.queries';

/** How often an open edit form says it is still open (platform.md 14.6: every 20 s; the server forgets it after 60 s). */
const ANNOUNCE_EVERY_MS = 20_000;

export interface PresenceSubject {
  model: PresenceModel;
  id: string;
}

/** The presence subject of a record of this permission model, if its edit forms announce themselves. */
export const presenceSubjectOf = (model: string | undefined, id: string): PresenceSubject | undefined =>
  (PRESENCE_MODELS as readonly string[]).includes(model ?? '') ? { model: model as PresenceModel, id } : undefined;

/**
 * While an edit form is open: announces it (now and every 20 s), says goodbye when it closes or the
 * page goes, and answers who else has it open, refreshed when the notification stream says that changed.
 */
export function usePresence(subject: PresenceSubject | undefined) {
  const queryClient = useQueryClient();
  const model = subject?.model;
  const id = subject?.id;
  const key = ['presence', model, id] as const;

  useEffect(() => {
    if (!model || !id) return;
    const body = { model, id };
    let open = true;
    const announce = () =>
      callEndpoint(presenceEndpoints.announce, { body }).then(
        (others) => open && queryClient.setQueryData(['presence', model, id], others),
        () => undefined,
      );
    const leave = () => void callEndpoint(presenceEndpoints.leave, { body, keepalive: true }).catch(() => undefined);
    void announce();
    const timer = setInterval(() => void announce(), ANNOUNCE_EVERY_MS);
    const unsubscribe = subscribeToPresenceChanges((changed) => {
      if (changed.model === model && changed.id === id) void queryClient.invalidateQueries({ queryKey: ['presence', model, id] });
    });
    window.addEventListener('pagehide', leave);
    return () => {
      open = false;
      clearInterval(timer);
      unsubscribe();
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [model, id, queryClient]);

  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => callEndpoint(presenceEndpoints.list, { query: { model: model!, id: id! }, signal }),
    enabled: Boolean(model && id),
    staleTime: ANNOUNCE_EVERY_MS,
  });
}

/** "Ada First is editing", "Ada First and Bea Second are editing", "Ada First, Bea Second and 2 others are editing". */
export function editingLine(names: string[]): string | null {
  if (!names.length) return null;
  if (names.length === 1) return `${names[0]} is editing`;
  if (names.length === 2) return `${names[0]} and ${names[1]} are editing`;
  const more = names.length - 2;
  return `${names[0]}, ${names[1]} and ${more} ${more === 1 ? 'other' : 'others'} are editing`;
}
