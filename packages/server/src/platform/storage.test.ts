import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3Server, type FakeS3Server } from '../test/fake-s3-server';
import { createLocalStorage, createS3Storage, type FileStorage } from './storage';

let s3: FakeS3Server;
let dir: string;

beforeAll(async () => {
  s3 = await startFakeS3Server();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-storage-'));
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const drivers: [string, () => FileStorage][] = [
  ['local', () => createLocalStorage(path.join(dir, 'root'))],
  [
    's3',
    () =>
      createS3Storage({
        endpoint: s3.endpoint,
        bucket: s3.bucket,
        region: 'us-east-1',
        accessKeyId: s3.accessKeyId,
        secretAccessKey: s3.secretAccessKey,
        forcePathStyle: true,
      }),
  ],
];

describe.each(drivers)('%s storage driver', (name, make) => {
  it('stores a file, reads it back as a stream, reports it exists, deletes it', async () => {
    const storage = make();
    const temp = path.join(dir, `${name}-upload.tmp`);
    fs.writeFileSync(temp, 'hello from the help desk\n');
    const key = `tests/${name}/note.txt`;
    await storage.putFile(key, temp, 'text/plain; charset=utf-8');
    expect(fs.existsSync(temp)).toBe(false);
    expect(await storage.exists(key)).toBe(true);
    const { stream, size } = await storage.read(key);
    expect(size).toBe(25);
    expect(await text(stream)).toBe('hello from the help desk\n');
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    await expect(storage.read(key)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses keys that could escape the storage root', async () => {
    const storage = make();
    await expect(storage.read('../etc/passwd')).rejects.toThrow(/unsafe/);
    await expect(storage.delete('/abs/path')).rejects.toThrow(/unsafe/);
  });
});

describe('s3 driver', () => {
  it('sends path-style requests signed with the configured key and the content type', async () => {
    const storage = drivers[1]![1]();
    const temp = path.join(dir, 'typed.tmp');
    fs.writeFileSync(temp, '%PDF-1.4 fake');
    await storage.putFile('typed/doc.pdf', temp, 'application/pdf');
    expect(s3.objects.get('typed/doc.pdf')).toMatchObject({ contentType: 'application/pdf' });
    expect(s3.objects.get('typed/doc.pdf')!.body.toString()).toBe('%PDF-1.4 fake');
    expect(s3.requests.at(-1)).toEqual({ method: 'PUT', path: `/${s3.bucket}/typed/doc.pdf` });
  });

  it("fails with the server's error when credentials are wrong", async () => {
    const storage = createS3Storage({
      endpoint: s3.endpoint,
      bucket: s3.bucket,
      region: 'us-east-1',
      accessKeyId: 'WRONG',
      secretAccessKey: 'x',
      forcePathStyle: true,
    });
    const temp = path.join(dir, 'denied.tmp');
    fs.writeFileSync(temp, 'x');
    await expect(storage.putFile('denied.txt', temp, 'text/plain')).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
  });
});
