import { createECDH, createPublicKey, hkdfSync, createDecipheriv, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service's receiving side for tests (RFC 8030 §5): it takes POSTs to its subscription
 * endpoints, checks the VAPID Authorization header (RFC 8292: an ES256 JWT whose `aud` is this
 * origin, verified with the key in `k`) and decrypts the aes128gcm payload (RFC 8291, RFC 8188)
 * with the subscription's own private key, as a browser would. Nothing of web-push is used here.
 */

export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  subscription: string;
  headers: http.IncomingHttpHeaders;
  /** The decrypted payload. */
  payload: string;
  vapid: { publicKey: string; claims: { aud: string; exp: number; sub: string } };
}

interface Subscriber {
  ecdh: ReturnType<typeof createECDH>;
  publicKey: Buffer;
  auth: Buffer;
  /** What the endpoint answers (201 by default; 410 once the browser dropped it). */
  status: number;
}

const b64 = (value: string) => Buffer.from(value, 'base64url');

/** RFC 8292 §2-3: `vapid t=<jwt>, k=<key>`; the JWT signed ES256 by `k`, addressed to this origin. */
function checkVapid(header: string | undefined, origin: string): ReceivedPush['vapid'] {
  const match = /^vapid t=([A-Za-z0-9_.-]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID Authorization header: ${header}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  const [head, body, signature] = jwt.split('.') as [string, string, string];
  const header_ = JSON.parse(b64(head).toString('utf8')) as { alg: string; typ: string };
  if (header_.alg !== 'ES256') throw new Error(`VAPID JWT alg ${header_.alg}`);
  const point = b64(k);
  if (point.length !== 65 || point[0] !== 4) throw new Error('VAPID key is not an uncompressed P-256 point');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const valid = verify('sha256', Buffer.from(`${head}.${body}`), { key, dsaEncoding: 'ieee-p1363' }, b64(signature));
  if (!valid) throw new Error('VAPID JWT signature does not verify');
  const claims = JSON.parse(b64(body).toString('utf8')) as ReceivedPush['vapid']['claims'];
  if (claims.aud !== origin) throw new Error(`VAPID aud ${claims.aud}, expected ${origin}`);
  if (!(claims.exp > Date.now() / 1000) || claims.exp > Date.now() / 1000 + 24 * 3600) throw new Error('VAPID exp out of range');
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error(`VAPID sub ${claims.sub}`);
  return { publicKey: k, claims };
}

/** RFC 8291 §3.4 and RFC 8188 §2: one aes128gcm record, keyed from ECDH with the sender's key and the auth secret. */
function decrypt(body: Buffer, subscriber: Subscriber): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (record.length > recordSize) throw new Error('more than one record');
  const shared = subscriber.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), subscriber.publicKey, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, subscriber.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

export async function startPushService() {
  const subscribers = new Map<string, Subscriber>();
  const received: ReceivedPush[] = [];
  const errors: string[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = /^\/push\/([a-z0-9]+)$/.exec(request.url ?? '')?.[1];
      const subscriber = id ? subscribers.get(id) : undefined;
      if (request.method !== 'POST' || !id || !subscriber) {
        response.writeHead(404).end();
        return;
      }
      if (subscriber.status >= 400) {
        response.writeHead(subscriber.status).end();
        return;
      }
      try {
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${request.headers['content-encoding']}`);
        if (!request.headers.ttl) throw new Error('no TTL header');
        const vapid = checkVapid(request.headers.authorization, origin());
        received.push({ subscription: id, headers: request.headers, payload: decrypt(Buffer.concat(chunks), subscriber), vapid });
        response.writeHead(201, { location: `/message/${randomBytes(4).toString('hex')}` }).end();
      } catch (error) {
        errors.push(error instanceof Error ? error.message : String(error));
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    received,
    errors,
    /** A browser's new subscription at this service: its own P-256 pair and auth secret. */
    subscribe(): BrowserSubscription & { id: string } {
      const id = randomBytes(6).toString('hex');
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      subscribers.set(id, { ecdh, publicKey, auth, status: 201 });
      return { id, endpoint: `${origin()}/push/${id}`, keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') } };
    },
    /** The browser dropped the subscription: the endpoint answers `status` (410 Gone, or 404). */
    expire(id: string, status = 410) {
      subscribers.get(id)!.status = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
