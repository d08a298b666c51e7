/**
 * Web push on this device: the service worker (public/sw.js), the browser's permission and its
 * PushSubscription. The server's side is notifications/push/ (VAPID, RFC 8030/8291/8292).
 */
import { addPushSubscription, getPushKey, type PushSubscription } from './notification-settings';

export const SERVICE_WORKER_URL = '/sw.js';
export const SERVICE_WORKER_SCOPE = '/';

export type PushSupport = 'supported' | 'unsupported' | 'insecure';

/** Whether this browser can receive web push here (a secure context with service workers and the Push API). */
export function pushSupport(scope: { isSecureContext?: boolean; navigator?: object; PushManager?: unknown; Notification?: unknown } = globalThis): PushSupport {
  if (!scope.navigator || !('serviceWorker' in scope.navigator) || !scope.PushManager || !scope.Notification) return 'unsupported';
  if (scope.isSecureContext === false) return 'insecure';
  return 'supported';
}

/** A base64url string (the VAPID public key) as the bytes PushManager.subscribe takes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (value.length % 4)) % 4);
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The browser's subscription as the API takes it (PushSubscription.toJSON()), or null if it lacks the keys. */
export function subscriptionBody(json: PushSubscriptionJSON): { endpoint: string; keys: { p256dh: string; auth: string } } | null {
  const p256dh = json.keys?.p256dh;
  const auth = json.keys?.auth;
  if (!json.endpoint || !p256dh || !auth) return null;
  return { endpoint: json.endpoint, keys: { p256dh, auth } };
}

/** The service worker's registration, registering it if this browser has none yet. */
export async function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_SCOPE);
  if (existing) return existing;
  const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE });
  // Not `serviceWorker.ready`: that is the registration of the page's own scope (the site checks'
  // pages have their own worker, public/sitechecks-sw.js); subscribing needs this one active.
  const worker = registration.installing ?? registration.waiting;
  if (!registration.active && worker)
    await new Promise<void>((resolve) => worker.addEventListener('statechange', () => worker.state === 'activated' && resolve()));
  return registration;
}

/** This browser's current push subscription's endpoint, without registering anything. */
export async function currentPushEndpoint(): Promise<string | null> {
  if (pushSupport() !== 'supported') return null;
  const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_SCOPE);
  const subscription = await registration?.pushManager.getSubscription();
  return subscription?.endpoint ?? null;
}

export class PushPermissionDenied extends Error {
  constructor() {
    super('Notifications are blocked for this site in the browser. Allow them in the site settings, then try again.');
  }
}

/**
 * "Turn on push on this device": asks for permission, subscribes with the server's VAPID key
 * and hands the subscription to the server.
 */
export async function turnOnPush(): Promise<PushSubscription> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionDenied();
  const [registration, key] = await Promise.all([serviceWorkerRegistration(), getPushKey()]);
  const applicationServerKey = base64UrlToBytes(key);
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made with another key (the server's keys changed) cannot be used: replace it.
  const current = subscription?.options.applicationServerKey;
  if (subscription && current && !sameBytes(new Uint8Array(current), applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  const body = subscriptionBody(subscription.toJSON());
  if (!body) throw new Error('The browser gave a push subscription without keys.');
  return addPushSubscription(body);
}

/** Ends this browser's own push subscription (after the server forgot it). */
export async function unsubscribeThisDevice(): Promise<void> {
  if (pushSupport() !== 'supported') return;
  const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_SCOPE);
  const subscription = await registration?.pushManager.getSubscription();
  await subscription?.unsubscribe();
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
