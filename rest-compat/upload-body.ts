// The request body of a file upload (POST /api/v1/imports): streamed to a temporary file as it
// arrives, never held in memory, counted against the configured limit (413 payload_too_large the
// moment it is passed, and nothing stored) and hashed, so Idempotency-Key compares bodies by their
// SHA-256. The temporary file is removed when the answer has been sent.
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../src/errors.ts';

/** What the handler gets as the body: where the bytes are, how many, and their hash. */
export interface UploadedFile {
  file: string;
  bytes: number;
  sha256: string;
  toJSON(): { bytes: number; sha256: string };
}

export const UPLOAD_MEDIA_TYPES = ['text/csv', 'application/x-ndjson', 'application/ndjson', 'application/jsonl', 'text/plain', 'application/octet-stream'];

const tooLarge = (maxBytes: number) => new AppError('payload_too_large', `The file is larger than the limit of ${maxBytes} bytes (IMPORT_MAX_BYTES).`);

/** Installs the upload parser in an encapsulated scope (only its routes take files). */
export function acceptUploads(scope: FastifyInstance, maxBytes: () => number): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', (request: FastifyRequest, payload, done) => {
    const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (!UPLOAD_MEDIA_TYPES.includes(type)) {
      payload.resume();
      return done(new AppError('unsupported_media_type', `Send the file as one of ${UPLOAD_MEDIA_TYPES.join(', ')}.`), undefined);
    }
    const limit = maxBytes();
    const file = join(tmpdir(), `svc-import-${randomUUID()}`);
    const out = createWriteStream(file, { flags: 'wx', mode: 0o600 });
    const hash = createHash('sha256');
    let bytes = 0;
    let failed = false;
    const fail = (error: AppError) => {
      if (failed) return;
      failed = true;
      payload.unpipe?.();
      payload.removeAllListeners('data');
      out.destroy();
      void unlink(file).catch(() => {});
      // The rest of an oversized body is not read: the connection closes after the answer.
      if (error.code === 'payload_too_large') uploads.set(request, { tooLarge: true });
      done(error, undefined);
    };
    payload.on('data', (chunk: Buffer) => {
      if (failed) return;
      bytes += chunk.length;
      if (bytes > limit) return fail(tooLarge(limit));
      hash.update(chunk);
      if (!out.write(chunk)) {
        payload.pause();
        out.once('drain', () => payload.resume());
      }
    });
    payload.on('error', () => fail(new AppError('invalid_parameter', 'The upload was interrupted.')));
    out.on('error', () => fail(new AppError('internal_error')));
    payload.on('end', () => {
      if (failed) return;
      out.end(() => {
        const sha256 = hash.digest('hex');
        // Idempotency-Key hashes the body as JSON: the bytes' size and hash, not the temporary path.
        const body: UploadedFile = { file, bytes, sha256, toJSON: () => ({ bytes, sha256 }) };
        uploads.set(request, { file });
        done(null, body);
      });
    });
  });
  scope.addHook('onSend', async (request, reply) => {
    if (uploads.get(request)?.tooLarge) reply.header('connection', 'close');
  });
  scope.addHook('onResponse', async (request) => {
    const file = uploads.get(request)?.file;
    uploads.delete(request);
    if (file) await unlink(file).catch(() => {});
  });
}

/** onRequest, after authentication: a declared length over the limit is refused before a byte is read. */
export function refuseDeclaredOverLimit(maxBytes: () => number) {
  return async (request: FastifyRequest): Promise<void> => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes()) {
      uploads.set(request, { tooLarge: true });
      throw tooLarge(maxBytes());
    }
  };
}

const uploads = new WeakMap<FastifyRequest, { file?: string; tooLarge?: boolean }>();
