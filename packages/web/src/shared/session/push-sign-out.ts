/**
 * Signing out ends this browser's web push for the user (issue 34): on a shared device the next
 * person must not get the previous one's notifications. The server forgets the subscription while
 * the user is still signed in, then the browser drops it. Loaded only when someone signs out.
 */
import { notificationEndpoints } from '../../api/endpoint-routes';
import { callEndpoint } from '../../api/http-client';

export async function endPushOnSignOut(scope: { navigator?: Navigator } = globalThis): Promise<void> {
  const workers = scope.navigator?.serviceWorker;
  if (!workers) return;
  const registration = await workers.getRegistration('/');
  const subscription = await registration?.pushManager?.getSubscription();
  if (!subscription) return;
  try {
    const mine = await callEndpoint(notificationEndpoints.pushSubscriptions);
    const row = mine.find((s) => s.endpoint === subscription.endpoint);
    if (row) await callEndpoint(notificationEndpoints.pushUnsubscribe, { params: { id: row.id } });
  } finally {
    await subscription.unsubscribe();
  }
}
