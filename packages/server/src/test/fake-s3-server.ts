import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeS3Object {
  body: Buffer;
  contentType: string;
}

export interface FakeS3Server {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Stored objects by key. */
  objects: Map<string, FakeS3Object>;
  requests: { method: string; path: string }[];
  close(): Promise<void>;
}

const xmlError = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;

/** Decodes an aws-chunked body ("<hex size>;chunk-signature=...\r\n<data>\r\n" ... "0;...\r\n"). */
function decodeAwsChunked(raw: Buffer): Buffer {
  const chunks: Buffer[] = [];
  let offset = 0;
  while (offset < raw.length) {
    const lineEnd = raw.indexOf('\r\n', offset);
    if (lineEnd < 0) break;
    const size = parseInt(raw.subarray(offset, lineEnd).toString('latin1').split(';')[0]!, 16);
    if (!size) break;
    chunks.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(chunks);
}

/**
 * A small S3-compatible server on 127.0.0.1 for tests: path-style
 * PutObject, GetObject, HeadObject and DeleteObject on one bucket. Requests
 * must be SigV4-signed with the expected access key id (the signature itself
 * is not recomputed).
 */
export async function startFakeS3Server(
  options: { bucket?: string; accessKeyId?: string; secretAccessKey?: string } = {},
): Promise<FakeS3Server> {
  const bucket = options.bucket ?? 'ops-test-bucket';
  const accessKeyId = options.accessKeyId ?? 'FAKEACCESSKEY';
  const secretAccessKey = options.secretAccessKey ?? 'fake-secret-key';
  const objects = new Map<string, FakeS3Object>();
  const requests: { method: string; path: string }[] = [];

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const [, bucketName, ...keyParts] = url.pathname.split('/');
    const key = decodeURIComponent(keyParts.join('/'));
    requests.push({ method: req.method ?? '', path: url.pathname });
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const send = (status: number, body = '', headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/xml', ...headers });
        res.end(body);
      };
      const authorization = req.headers.authorization ?? '';
      if (!authorization.startsWith('AWS4-HMAC-SHA256') || !authorization.includes(`Credential=${accessKeyId}/`)) {
        return send(403, xmlError('InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.'));
      }
      if (bucketName !== bucket) return send(404, xmlError('NoSuchBucket', 'The specified bucket does not exist'));
      if (!key) return send(400, xmlError('InvalidRequest', 'Bucket operations are not supported'));
      const object = objects.get(key);
      switch (req.method) {
        case 'PUT': {
          const raw = Buffer.concat(chunks);
          const chunked =
            String(req.headers['content-encoding'] ?? '').includes('aws-chunked') ||
            String(req.headers['x-amz-content-sha256'] ?? '').startsWith('STREAMING-');
          objects.set(key, {
            body: chunked ? decodeAwsChunked(raw) : raw,
            contentType: String(req.headers['content-type'] ?? 'application/octet-stream'),
          });
          return send(200, '', { etag: '"fake"' });
        }
        case 'GET':
          if (!object) return send(404, xmlError('NoSuchKey', 'The specified key does not exist.'));
          res.writeHead(200, {
            'content-type': object.contentType,
            'content-length': String(object.body.length),
            etag: '"fake"',
          });
          return res.end(object.body);
        case 'HEAD':
          if (!object) {
            res.writeHead(404);
            return res.end();
          }
          res.writeHead(200, {
            'content-type': object.contentType,
            'content-length': String(object.body.length),
            etag: '"fake"',
          });
          return res.end();
        case 'DELETE':
          objects.delete(key);
          return send(204);
        default:
          return send(405, xmlError('MethodNotAllowed', 'The specified method is not allowed against this resource.'));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
