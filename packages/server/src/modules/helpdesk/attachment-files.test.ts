import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser } from '../../test/factories/users';
import { richText, SAMPLE_FILES } from '../../test/factories/helpdesk';
import { createLocalStorage, type FileStorage } from '../../platform/storage';
import type { ReceivedFile } from '../../platform/multipart';
import type { AuthUser } from '../identity/index';
import { createHelpdeskRepository } from './helpdesk.repository';
import { createHelpdeskService } from './helpdesk.service';
import { createAttachmentFiles } from '../../platform/attachment-files';

let t: TestApp;
let root: string;
let storage: FileStorage;
let actor: AuthUser;

beforeAll(async () => {
  t = await createTestApp();
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'hd-staged-'));
  storage = createLocalStorage(root);
  const user = await insertUser(t, { userType: 6, firstName: 'Sam', lastName: 'Staged' });
  actor = { id: user.id, email: user.email, firstName: 'Sam', lastName: 'Staged', isSuperuser: false, isActive: true, userType: 6 };
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

/** Every file under the storage root, as keys. */
function storedKeys(): string[] {
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((entry) => fs.statSync(path.join(root, entry)).isFile());
}

/** A received PNG in a temporary file, as the multipart reader leaves it. */
function receivedPng(name: string): ReceivedFile {
  const tempPath = path.join(root, '..', `${path.basename(root)}-${name}.upload`);
  fs.writeFileSync(tempPath, SAMPLE_FILES.png());
  return { field: 'attachments[0][attachment]', filename: name, tempPath, size: fs.statSync(tempPath).size, type: 'png' };
}

/** The help desk service on the test database, storing in `root`; `failCommit` makes every transaction fail after its work. */
function service(failCommit: boolean) {
  const { db } = t.app.database;
  const holders = t.app.permissionHolders;
  return createHelpdeskService({
    repository: createHelpdeskRepository(db, holders),
    transaction: (work) =>
      db.transaction(async (tx) => {
        const result = await work(createHelpdeskRepository(tx, holders), tx);
        if (failCommit) throw new Error('the commit was refused');
        return result;
      }),
    storage,
    notifications: t.app.notifications.writer,
    log: { warn: () => undefined },
    flow: t.app.helpdeskFlow.hooks,
  });
}

const client = { userAgent: null, timezone: null, ip: null };
const ticketsTitled = async (title: string) =>
  Number((await t.database.query<{ n: number }>('select count(*)::int as n from helpdesk_ticket where title = $1', [title]))[0]!.n);

describe('attachment files around a ticket write', () => {
  it('a write that fails after its files were staged leaves neither the ticket nor a file', async () => {
    const form = { title: 'Staged then refused', ticket_content: richText('x') };
    await expect(service(true).createFromForm(actor, 'ISSUE', form, [receivedPng('a.png'), receivedPng('b.png')], client)).rejects.toThrow(
      'the commit was refused',
    );
    expect(storedKeys()).toEqual([]);
    expect(await ticketsTitled(form.title)).toBe(0);
  });

  it('the same write committed keeps both files, each named by an attachment row', async () => {
    const form = { title: 'Staged and kept', ticket_content: richText('x') };
    const created = await service(false).createFromForm(actor, 'ISSUE', form, [receivedPng('a.png'), receivedPng('b.png')], client);
    const rows = await t.database.query<{ storage_key: string }>('select storage_key from helpdesk_attachment where ticket_id = $1', [created.id]);
    expect(rows.map((r) => r.storage_key).sort()).toEqual(storedKeys().filter((key) => key.includes(created.id)).sort());
    expect(rows).toHaveLength(2);
  });

  it('staging that fails part way removes the files it had stored', async () => {
    let puts = 0;
    const flaky: FileStorage = {
      ...storage,
      driver: 'flaky',
      delete: (key) => storage.delete(key),
      putFile: async (key, tempPath, type) => {
        if (++puts === 2) throw new Error('disk full');
        await storage.putFile(key, tempPath, type);
      },
    };
    const before = storedKeys();
    const files = createAttachmentFiles({ storage: flaky, log: { warn: () => undefined } });
    const owner = { ticketId: '01900000-0000-7000-8000-000000000001', conversationId: null, uploadedById: actor.id };
    await expect(files.stage('helpdesk/tickets/staging-test', [receivedPng('c.png'), receivedPng('d.png')], owner)).rejects.toThrow('disk full');
    expect(puts).toBe(2);
    expect(storedKeys()).toEqual(before);
  });
});
