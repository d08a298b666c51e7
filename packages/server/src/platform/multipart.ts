import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { uuidv7 } from '../db/ids';
import { ApiError, ValidationError, zodIssuesToFieldErrors } from './errors';
import { detectFileType, safeFileName, type DetectedType } from './file-types';
import { emptyRecord, isForbiddenPropertyName } from './property-names';
import { ERROR_MESSAGES } from '@ops/contract/common/errors';

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
const reservedFieldName = () => ValidationError.nonField('Field names that are object prototype properties (such as "__proto__" or "constructor") are not allowed.');
const bodyTooLarge = () => new ApiError(413, { detail: ERROR_MESSAGES.bodyTooLarge });

/** Errors of the multipart parser itself (truncated body, no boundary, bad part headers): the client's fault. */
function isMalformedMultipart(error: unknown): boolean {
  if (error instanceof ApiError || !(error instanceof Error)) return false;
  const code = (error as { code?: string }).code;
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_PROTO_VIOLATION') return true;
  return code === undefined && /multipart|boundary|part header/i.test(error.message);
}

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
  // Multipart bodies bypass Fastify's bodyLimit (the parser streams them): the same overall limit applies here.
  const bodyLimit = request.routeOptions.bodyLimit ?? request.server.initialConfig.bodyLimit ?? 1024 * 1024;
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > bodyLimit) throw bodyTooLarge();
  let received = 0;
  const count = (bytes: number) => {
    received += bytes;
    if (received > bodyLimit) throw bodyTooLarge();
  };
  await mkdir(tempDir, { recursive: true });
  const fields = emptyRecord<string>();
  const files: ReceivedFile[] = [];
  // A write stream destroyed while its file is still opening creates the file after the error: wait
  // for every sink to close before removing, or a cut body would leave its temporary file behind.
  const sinks: WriteStream[] = [];
  const cleanup = async () => {
    await Promise.all(sinks.map((sink) => (sink.closed ? undefined : new Promise<void>((resolve) => sink.once('close', () => resolve())))));
    await Promise.all(files.map((f) => rm(f.tempPath, { force: true })));
  };
  let parts = 0;
  try {
    for await (const part of request.parts({ limits: { parts: MAX_PARTS, fileSize: 1024 * 1024 * 1024 } })) {
      parts += 1;
      if (parts > MAX_PARTS) throw tooManyParts();
      if (isForbiddenPropertyName(part.fieldname)) throw reservedFieldName();
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value ?? '');
        count(Buffer.byteLength(fields[part.fieldname]!));
        continue;
      }
      const rule = ruleFor(part.fieldname);
      if (!rule) {
        part.file.resume();
        throw ValidationError.field(part.fieldname, 'Files are not accepted in this field.');
      }
      // The name the client gave is kept for display only; the disk path is ours.
      const tempPath = path.join(tempDir, `${uuidv7()}.upload`);
      const file: ReceivedFile = {
        field: part.fieldname,
        filename: cleanFilename(part.filename),
        tempPath,
        size: 0,
        type: 'txt',
      };
      files.push(file);
      let written = 0;
      // Past the file's limit the rest is read (to answer the request) but no longer written to disk.
      const limitFile = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          try {
            count(chunk.length);
          } catch (error) {
            done(error as Error);
            return;
          }
          written += chunk.length;
          done(null, written > rule.maxBytes ? undefined : chunk);
        },
      });
      const sink = createWriteStream(tempPath);
      sinks.push(sink);
      await pipeline(part.file, limitFile, sink);
      if (written > rule.maxBytes) {
        throw ValidationError.field(part.fieldname, fileTooLarge(rule.maxBytes));
      }
      Object.assign(file, await checkReceivedFile(file, rule));
    }
  } catch (error) {
    await cleanup();
    const code = (error as { code?: string }).code;
    // The parser itself refuses names Object.prototype has (`__proto__`, `constructor`, `toString`...).
    if (code === 'FST_PROTO_VIOLATION') throw reservedFieldName();
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') throw tooManyParts();
    if (isMalformedMultipart(error)) throw ValidationError.nonField('The multipart body is malformed.');
    throw error;
  }
  return { fields, files, cleanup };
}

/**
 * The checks every received file passes, whatever brought it (an upload, an e-mail attachment):
 * within the rule's size, not empty, and of an allowed type by its content; the name it is kept
 * under ends in that type's extension. Throws a 400 naming the field.
 */
export async function checkReceivedFile(
  file: { field: string; filename: string; tempPath: string },
  rule: FileRule,
): Promise<ReceivedFile> {
  const size = (await stat(file.tempPath)).size;
  if (size > rule.maxBytes) throw ValidationError.field(file.field, fileTooLarge(rule.maxBytes));
  if (size === 0) throw ValidationError.field(file.field, 'The submitted file is empty.');
  const type = await detectFileType(file.tempPath);
  if (!type || !rule.types.includes(type)) throw ValidationError.field(file.field, rule.typeMessage);
  return { field: file.field, filename: safeFileName(file.filename, type), tempPath: file.tempPath, size, type };
}

/**
 * The text fields of a multipart (or flat JSON) form through its contract schema, with the rules
 * every JSON body gets in route(): NUL characters answer 400 naming the field.
 */
export function parseFormFields<T extends z.ZodType>(schema: T, fields: Record<string, unknown>): z.output<T> {
  const errors: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string' && value.includes('\u0000')) errors[name] = [ERROR_MESSAGES.nullCharacters];
  }
  if (Object.keys(errors).length) throw new ValidationError({ ...errors });
  const parsed = schema.safeParse(fields, { reportInput: true });
  if (!parsed.success) throw new ValidationError(zodIssuesToFieldErrors(parsed.error.issues));
  return parsed.data;
}

export function cleanFilename(name: string | undefined): string {
  const base = (name ?? 'file').split(/[\\/]/).pop() ?? 'file';
  const cleaned = base
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(-200);
  return cleaned || 'file';
}

const tooManyParts = () => ValidationError.nonField(`Too many parts (at most ${MAX_PARTS}).`);
const fileTooLarge = (maxBytes: number) => `File is too large. The limit is ${formatBytes(maxBytes)}.`;

function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / 1024 / 1024} MB` : `${Math.round(bytes / 1024)} KB`;
}
