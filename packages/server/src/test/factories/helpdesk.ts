import { randomBytes } from 'node:crypto';
import type { TestApp } from '../test-app';
import type { TestUser } from './users';

export interface UploadFile {
  field: string;
  filename: string;
  content: Buffer;
  contentType?: string;
}

/** A multipart/form-data body as a browser's FormData would send it. */
export function multipart(fields: Record<string, string>, files: UploadFile[] = []): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----ops${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Small files of each kind, recognisable by content. */
export const SAMPLE_FILES = {
  png: () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]),
  jpeg: () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(64)]),
  pdf: () => Buffer.from(`%PDF-1.4\n% test ${randomBytes(4).toString('hex')}\n%%EOF\n`),
  txt: (text = 'The dishwasher in kitchen 2 leaks.\n') => Buffer.from(text),
  /** A Windows executable: "MZ" header and binary bytes. */
  exe: () => Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(64, 0), randomBytes(32)]),
};

export const richText = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

export type TicketKind = 'feedback' | 'issue' | 'service-request';

/** Raises a ticket through the help-drawer endpoint; returns its id. */
export async function raiseTicket(
  t: TestApp,
  user: TestUser,
  overrides: { kind?: TicketKind; title?: string; text?: string; files?: UploadFile[]; headers?: Record<string, string> } = {},
): Promise<string> {
  const body = multipart(
    { title: overrides.title ?? `Ticket ${randomBytes(3).toString('hex')}`, ticket_content: JSON.stringify(richText(overrides.text ?? 'Something needs attention.')) },
    overrides.files ?? [],
  );
  const response = await t.request({
    method: 'POST',
    url: `/api/helpdesk/my-tickets/${overrides.kind ?? 'issue'}/`,
    token: user.token,
    payload: body.payload,
    headers: { ...body.headers, ...overrides.headers },
  });
  if (response.statusCode !== 201) throw new Error(`raising a ticket failed: ${response.statusCode} ${response.body}`);
  return response.json().id;
}

/** Creates a ticket through the staff endpoint; returns the ticket. */
export async function insertTicket(t: TestApp, staff: TestUser, overrides: Record<string, unknown> = {}) {
  const response = await t.request({
    method: 'POST',
    url: '/api/helpdesk/tickets/',
    token: staff.token,
    payload: { title: `Staff ticket ${randomBytes(3).toString('hex')}`, ticket_type: 'INCIDENT', ticket_content: richText('Raised by staff.'), ...overrides },
  });
  if (response.statusCode !== 201) throw new Error(`creating a ticket failed: ${response.statusCode} ${response.body}`);
  return response.json();
}
