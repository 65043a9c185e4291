import type { MultipartFile } from '@fastify/multipart';
import { isStorableText } from '@portal/shared';
import type { FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../http/errors.js';
import { encodingInspector } from './encoding.js';

/** A received file on disk, with what the import needs to know of its bytes. */
export interface Upload {
  path: string;
  /** The name the client gave, made fit to store (importacoes.arquivo). */
  arquivo: string;
  /** sha256 of the bytes, hex: the same file twice is the same hash. */
  hash: string;
  bytes: number;
  /** False when the bytes are not valid UTF-8 (read as Windows-1252 then). */
  utf8: boolean;
  /** The first 64 KB, for the header line and the decimal mark. */
  head: Buffer;
  /** Removes the file (and its folder). */
  discard(): Promise<void>;
}

export interface Received {
  fields: Map<string, string>;
  upload: Upload | undefined;
}

/** Each upload's private folder in the temp directory starts with this (stale-uploads.ts sweeps them). */
export const UPLOAD_DIR_PREFIX = 'portal-import-';

const HEAD_BYTES = 64 * 1024;
const FIELD_NAMES = new Set(['prop', 'dry_run', 'create_missing', 'separador', 'decimal']);

/** Multipart limits: one file of at most `maxBytes`, a handful of short fields. */
export const multipartLimits = (maxBytes: number) => ({ fileSize: maxBytes, files: 1, fields: 10, parts: 12, fieldSize: 1000, headerPairs: 100 });

/** A file name fit for the 200-character column: its last path segment, no control characters. */
function fileName(raw: string | undefined): string {
  const name = basename((raw ?? '').replaceAll('\\', '/')).trim();
  const clean = [...name].filter((character) => isStorableText(character)).join('');
  return (clean || 'arquivo.csv').slice(0, 200);
}

/** IMPORT_ENCODING_MIXED naming the line where the file's second encoding shows up. */
export class ImportEncodingMixedError extends AppError {
  constructor(readonly linha: number) {
    super('IMPORT_ENCODING_MIXED');
  }
  override body() {
    return { ...super.body(), linha: this.linha };
  }
}

/** Hashes, decides the encoding and keeps the head of what passes through. */
function inspector() {
  const hash = createHash('sha256');
  const encoding = encodingInspector();
  let bytes = 0;
  const head: Buffer[] = [];
  let headBytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      if (headBytes < HEAD_BYTES) {
        head.push(chunk.subarray(0, HEAD_BYTES - headBytes));
        headBytes += Math.min(chunk.length, HEAD_BYTES - headBytes);
      }
      encoding.push(chunk);
      done(null, chunk);
    },
  });
  return {
    stream,
    finish() {
      const { utf8, mixedLine } = encoding.finish();
      // Decoded either way, part of the text would be stored wrong: refused before anything is read.
      if (mixedLine !== undefined) throw new ImportEncodingMixedError(mixedLine);
      return { hash: hash.digest('hex'), bytes, utf8, head: Buffer.concat(head) };
    },
  };
}

async function saveFile(part: MultipartFile, dir: string): Promise<Omit<Upload, 'discard'>> {
  const path = join(dir, 'upload');
  const inspect = inspector();
  await pipeline(part.file, inspect.stream, createWriteStream(path));
  if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE');
  return { path, arquivo: fileName(part.filename), ...inspect.finish() };
}

/** Errors of the multipart reader that are the client's doing, as the portal's codes. */
function clientError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  if (['FST_REQ_FILE_TOO_LARGE', 'FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT'].includes(code)) return new AppError('PAYLOAD_TOO_LARGE');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new AppError('UNSUPPORTED_MEDIA_TYPE');
  // Busboy's own refusals (no boundary, a body cut short or malformed) carry no code.
  if (error instanceof Error && (code.startsWith('FST_') || /multipart|boundary|unexpected end|malformed|part terminated/i.test(error.message))) {
    return new AppError('BAD_REQUEST');
  }
  return undefined;
}

/**
 * Reads the multipart form: text fields into a map, the `file` part streamed to a private temp
 * file while it is hashed (nothing of it is held in memory). `beforeFile` runs when the file
 * part starts, with the fields sent before it, so a caller without rights is refused before
 * a large upload is stored. Any other file part is refused.
 */
export async function receiveForm(request: FastifyRequest, beforeFile: (fields: Map<string, string>) => Promise<void>): Promise<Received> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const fields = new Map<string, string>();
  const dir = await mkdtemp(join(tmpdir(), UPLOAD_DIR_PREFIX));
  const discard = () => rm(dir, { recursive: true, force: true });
  let upload: Upload | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (!FIELD_NAMES.has(part.fieldname)) continue;
        if (fields.has(part.fieldname) || typeof part.value !== 'string') throw AppError.field(part.fieldname, 'FIELD_INVALID');
        fields.set(part.fieldname, part.value);
        continue;
      }
      if (part.fieldname !== 'file' || upload) {
        part.file.resume();
        throw AppError.field(part.fieldname, 'FIELD_INVALID');
      }
      await beforeFile(fields);
      upload = { ...(await saveFile(part, dir)), discard };
    }
    if (!upload) await discard();
    return { fields, upload };
  } catch (error) {
    await discard();
    throw clientError(error) ?? error;
  }
}
