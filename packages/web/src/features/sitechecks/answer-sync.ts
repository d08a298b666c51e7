import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { siteCheckRunEndpoints } from '../../api/endpoint-routes';
import { ApiError, callEndpoint } from '../../api/http-client';
import { NetworkError } from '../../api/connectivity';
import { useCurrentUser } from '../../shared/session/session';
import { AnswerQueue, formOf, type QueuedAnswer, type SendOutcome } from './answer-queue';
import { indexedDbStore } from './answer-store';
import { siteCheckKeys, type Run } from './sitechecks.queries';

/**
 * The page's one answer queue (loaded with the site checks' pages, never with the shell): the
 * signed-in user's answers are POSTed one by one, as multipart (`file` for PHOTO and SIGNATURE);
 * what could not be sent waits on the device and goes when the browser says it is online again,
 * or at the queue's next retry.
 */
let owner: string | null = null;

/** What a failed request means for the queue: try again later (no answer, 5xx, 408, 429, 401), or never (the server refused it). */
export function outcomeOfError(error: unknown): SendOutcome<never> {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof ApiError) {
    const retry = error.status >= 500 || error.status === 408 || error.status === 429 || error.status === 401;
    return retry ? { kind: 'retry', error: message } : { kind: 'refused', error: message };
  }
  if (error instanceof NetworkError || error instanceof TypeError) return { kind: 'retry', error: message };
  return { kind: 'retry', error: message };
}

export const answerQueue = new AnswerQueue<Run>({
  store: indexedDbStore(),
  owner: () => owner,
  async send(item) {
    try {
      const run = await callEndpoint(siteCheckRunEndpoints.answer, { params: { id: item.runId }, body: formOf(item) });
      return { kind: 'sent', result: run };
    } catch (error) {
      return outcomeOfError(error);
    }
  },
});

if (typeof window !== 'undefined') window.addEventListener('online', () => void answerQueue.online());

/**
 * The site checks' offline worker (`src/sw/sitechecks-sw.ts`, built by vite-plugin-pwa into
 * `/sitechecks-sw.js`, scope `/sitechecks`): it precaches the shell, so the pages and their kept
 * answers open without a connection. Registered by these pages only, not in development, where
 * Vite serves unbundled modules and there is no build to precache.
 */
export function registerOfflineWorker() {
  if (import.meta.env.DEV || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sitechecks-sw.js', { scope: '/sitechecks' }).catch(() => undefined);
}

/**
 * Binds the queue to the signed-in user and the query cache: a sent answer's run replaces the
 * cached one; waiting answers start to go as soon as the user is known.
 */
export function useAnswerSync() {
  const user = useCurrentUser().data;
  const queryClient = useQueryClient();
  useEffect(() => registerOfflineWorker(), []);
  useEffect(() => {
    if (!user) return;
    owner = user.id;
    void answerQueue.ready().then(() => answerQueue.flush());
  }, [user]);
  useEffect(
    () =>
      answerQueue.on({
        sent: (_item, run) => {
          queryClient.setQueryData(siteCheckKeys.run(run.id), run);
          void queryClient.invalidateQueries({ queryKey: [...siteCheckKeys.all, 'today'] });
        },
        refused: (item) => void queryClient.invalidateQueries({ queryKey: siteCheckKeys.run(item.runId) }),
      }),
    [queryClient],
  );
}

/** What waits to be sent (all runs), in order, with a re-render on each change. */
export function useWaitingAnswers(): readonly QueuedAnswer[] {
  return useSyncExternalStore(
    (listener) => answerQueue.subscribe(listener),
    () => answerQueue.snapshot,
  );
}
