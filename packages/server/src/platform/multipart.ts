import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { uuidv7 } from './ids';
import { ValidationError } from './errors';
import { detectFileType, type DetectedType } from './file-types';

export interface ReceivedFile {
  field: string;
  filename: string;
  tempPath: string;
  size: number;
  type: DetectedType;
}

export interface FileRule {
  maxBytes: number;
  types: readonly DetectedType[];
  typeMessage: string;
}

export interface MultipartResult {
  fields: Record<string, string>;
  files: ReceivedFile[];
  /** Removes every temporary file still on disk (call in finally). */
  cleanup(): Promise<void>;
}

const MAX_PARTS = 50;

/**
 * Reads a multipart body: text fields into `fields`, files streamed to
 * temporary files under `tempDir` and checked by content. Any rejected file
 * fails the whole request and removes every temporary file written so far.
 * `ruleFor` maps a file field name to its rule (undefined: field not accepted).
 */
export async function receiveMultipart(
  request: FastifyRequest,
  tempDir: string,
  ruleFor: (field: string) => FileRule | undefined,
): Promise<MultipartResult> {
  if (!request.isMultipart()) {
    throw ValidationError.nonField('Expected a multipart/form-data body.');
  }
  await mkdir(tempDir, { recursive: true });
  const fields: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  const cleanup = async () => {
    await Promise.all(files.map((f) => rm(f.tempPath, { force: true })));
  };
  let parts = 0;
  try {
    for await (const part of request.parts({ limits: { parts: MAX_PARTS, fileSize: 1024 * 1024 * 1024 } })) {
      parts += 1;
      if (parts > MAX_PARTS) throw ValidationError.nonField(`Too many parts (at most ${MAX_PARTS}).`);
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value ?? '');
        continue;
      }
      const rule = ruleFor(part.fieldname);
      if (!rule) {
        part.file.resume();
        throw ValidationError.field(part.fieldname, 'Files are not accepted in this field.');
      }
      // The name the client gave is kept for display only; the disk path is ours.
      const tempPath = path.join(tempDir, `${uuidv7()}.upload`);
      const received: ReceivedFile = { field: part.fieldname, filename: cleanFilename(part.filename), tempPath, size: 0, type: 'txt' };
      files.push(received);
      let tooLarge = false;
      let written = 0;
      part.file.on('data', (chunk: Buffer) => {
        written += chunk.length;
        if (written > rule.maxBytes && !tooLarge) {
          tooLarge = true;
        }
      });
      await pipeline(part.file, createWriteStream(tempPath));
      if (tooLarge) {
        throw ValidationError.field(part.fieldname, `File is too large. The limit is ${formatBytes(rule.maxBytes)}.`);
      }
      received.size = (await stat(tempPath)).size;
      if (received.size === 0) throw ValidationError.field(part.fieldname, 'The submitted file is empty.');
      const type = await detectFileType(tempPath);
      if (!type || !rule.types.includes(type)) throw ValidationError.field(part.fieldname, rule.typeMessage);
      received.type = type;
    }
  } catch (error) {
    await cleanup();
    const code = (error as { code?: string }).code;
    if (code === 'FST_PARTS_LIMIT') throw ValidationError.nonField(`Too many parts (at most ${MAX_PARTS}).`);
    throw error;
  }
  return { fields, files, cleanup };
}

export function cleanFilename(name: string | undefined): string {
  const base = (name ?? 'file').split(/[\\/]/).pop() ?? 'file';
  const cleaned = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim().slice(-200);
  return cleaned || 'file';
}

function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / 1024 / 1024} MB` : `${Math.round(bytes / 1024)} KB`;
}
