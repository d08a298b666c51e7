import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software WebAuthn authenticator for tests (a passkey without a browser): an ES256 key pair,
 * "none" attestation, and assertions signed over authenticatorData and the client data's hash,
 * exactly as W3C WebAuthn Level 2 (sections 6.1, 6.5, 7.1, 7.2) lays them out.
 */

type Cbor = number | string | Uint8Array | Cbor[] | Map<number | string, Cbor>;

/** Just enough CBOR (RFC 8949) for attestation objects and COSE keys. */
function cbor(value: Cbor): Buffer {
  const head = (major: number, n: number): Buffer => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
    if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest();

export interface SoftwareAuthenticator {
  credentialId: string;
  /** The browser's answer to the server's creation options (`startRegistration`). */
  register(options: { challenge: string }, origin: string, rpId?: string): Record<string, unknown>;
  /** The browser's answer to request options (`startAuthentication`). */
  assert(options: { challenge: string }, origin: string, rpId?: string): Record<string, unknown>;
}

export function softwareAuthenticator(): SoftwareAuthenticator {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credentialId = randomBytes(32);
  let signCount = 0;
  const jwk = (publicKey as KeyObject).export({ format: 'jwk' });
  const coseKey = new Map<number, Cbor>([
    [1, 2], // kty: EC2
    [3, -7], // alg: ES256
    [-1, 1], // crv: P-256
    [-2, Buffer.from(jwk.x!, 'base64url')],
    [-3, Buffer.from(jwk.y!, 'base64url')],
  ]);
  const counter = () => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(++signCount);
    return b;
  };
  const clientData = (type: string, challenge: string, origin: string) => Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    credentialId: b64url(credentialId),
    register(options, origin, rpId = new URL(origin).hostname) {
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      // rpIdHash, flags (user present, user verified, attested credential data), counter, AAGUID, credential id, key.
      const authData = Buffer.concat([sha256(rpId), Buffer.from([0x45]), counter(), Buffer.alloc(16), idLength, credentialId, cbor(coseKey)]);
      const attestationObject = cbor(new Map<string, Cbor>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]));
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: { clientDataJSON: b64url(clientData('webauthn.create', options.challenge, origin)), attestationObject: b64url(attestationObject), transports: ['internal'] },
        clientExtensionResults: {},
      };
    },
    assert(options, origin, rpId = new URL(origin).hostname) {
      const authenticatorData = Buffer.concat([sha256(rpId), Buffer.from([0x05]), counter()]);
      const clientDataJSON = clientData('webauthn.get', options.challenge, origin);
      const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), privateKey);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authenticatorData), signature: b64url(signature), userHandle: null },
        clientExtensionResults: {},
      };
    },
  };
}
