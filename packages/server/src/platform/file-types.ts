import { open } from 'node:fs/promises';

export type DetectedType = 'jpeg' | 'png' | 'pdf' | 'docx' | 'xlsx' | 'txt';

export const CONTENT_TYPES: Record<DetectedType, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  txt: 'text/plain; charset=utf-8',
};

export const EXTENSIONS: Record<DetectedType, string> = {
  jpeg: 'jpg',
  png: 'png',
  pdf: 'pdf',
  docx: 'docx',
  xlsx: 'xlsx',
  txt: 'txt',
};

const HEAD_BYTES = 64 * 1024;

/**
 * Identifies a file by its content, never its name: magic numbers for JPEG,
 * PNG and PDF; DOCX and XLSX are ZIP containers recognised by their main part
 * (word/ or xl/) in the local file headers; TXT is valid UTF-8 with no control
 * bytes other than whitespace.
 */
export async function detectFileType(filePath: string): Promise<DetectedType | null> {
  const handle = await open(filePath, 'r');
  try {
    const { size } = await handle.stat();
    if (size === 0) return null;
    const head = Buffer.alloc(Math.min(size, HEAD_BYTES));
    await handle.read(head, 0, head.length, 0);
    if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
    if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
      return 'png';
    if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
    if (head.length >= 4 && head.readUInt32LE(0) === 0x04034b50) {
      const names = zipEntryNames(head);
      if (!names.includes('[Content_Types].xml') && !names.some((n) => n.startsWith('word/') || n.startsWith('xl/'))) return null;
      if (names.some((n) => n.startsWith('word/'))) return 'docx';
      if (names.some((n) => n.startsWith('xl/'))) return 'xlsx';
      // Office writers put [Content_Types].xml first; look further for the main part.
      const whole = Buffer.alloc(Math.min(size, 4 * 1024 * 1024));
      await handle.read(whole, 0, whole.length, 0);
      const more = zipEntryNames(whole);
      if (more.some((n) => n.startsWith('word/'))) return 'docx';
      if (more.some((n) => n.startsWith('xl/'))) return 'xlsx';
      return null;
    }
    return (await isTextFile(handle, size)) ? 'txt' : null;
  } finally {
    await handle.close();
  }
}

/** The whole file, chunk by chunk: text everywhere, not only in its head (a binary tail is refused). */
async function isTextFile(handle: Awaited<ReturnType<typeof open>>, size: number): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const chunk = Buffer.alloc(Math.min(size, HEAD_BYTES));
  try {
    for (let position = 0; position < size; ) {
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, position);
      if (bytesRead === 0) break;
      const part = chunk.subarray(0, bytesRead);
      if (!plainTextBytes(part)) return false;
      decoder.decode(part, { stream: true });
      position += bytesRead;
    }
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

// Control characters (C0 but whitespace, DEL, C1) and bidirectional overrides/isolates, which
// can make "invoice\u202Efdp.exe" display as "invoiceexe.pdf".
const UNSAFE_NAME_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"]/g;

/** `attachment; filename="..."` (or `inline`) with an ASCII fallback and the exact UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(fileName: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** A file name for display and download: no control or bidi characters, the extension of the type its content has. */
export function safeFileName(name: string, type: DetectedType): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(UNSAFE_NAME_CHARACTERS, '').trim();
  const stem = base.replace(/\.[^.]*$/, '').replace(/^\.+/, '').trim().slice(0, 190) || 'file';
  return `${stem}.${EXTENSIONS[type]}`;
}

function zipEntryNames(buffer: Buffer): string[] {
  const names: string[] = [];
  let offset = 0;
  while (offset + 30 <= buffer.length && buffer.readUInt32LE(offset) === 0x04034b50) {
    const flags = buffer.readUInt16LE(offset + 6);
    const compressedSize = buffer.readUInt32LE(offset + 18);
    const nameLength = buffer.readUInt16LE(offset + 26);
    const extraLength = buffer.readUInt16LE(offset + 28);
    names.push(buffer.subarray(offset + 30, offset + 30 + nameLength).toString('utf8'));
    // With a data descriptor the size is not in the header: stop walking.
    if (flags & 0x08) break;
    offset += 30 + nameLength + extraLength + compressedSize;
  }
  return names;
}

function plainTextBytes(bytes: Buffer): boolean {
  for (const byte of bytes) {
    if (byte === 0) return false;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) return false;
  }
  return true;
}
