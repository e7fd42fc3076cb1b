// Serving a browser bundle built at install time (the playground's, the dashboard's): its
// manifest, its content-hashed assets (immutable, gzip twin when accepted, nothing that the
// manifest does not name) and the security headers of the HTML page that loads it.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

export interface BundleManifest {
  script: string;
  style?: string;
  files: string[];
  gzipBytes?: number;
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
};

export function readManifest<T extends BundleManifest>(dir: string): T | null {
  try {
    return JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as T;
  } catch {
    return null;
  }
}

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The headers of a bundle's HTML page: its CSP, never cached without revalidation, never framed. */
export function pageHeaders(reply: FastifyReply, csp: string): FastifyReply {
  return reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', csp)
    .header('cache-control', 'no-cache')
    .header('x-content-type-options', 'nosniff')
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'no-referrer')
    .header('cross-origin-opener-policy', 'same-origin');
}

/** GET `${assetsPath}/:file` for the files the manifest names, from `dir`. */
export function serveBundleAssets(
  app: FastifyInstance,
  options: { assetsPath: string; dir: string; manifest: BundleManifest | null; before: (request: FastifyRequest, reply: FastifyReply) => Promise<void> },
): void {
  const files = new Set(options.manifest?.files ?? []);
  app.get<{ Params: { file: string } }>(`${options.assetsPath}/:file`, async (request, reply) => {
    await options.before(request, reply);
    const { file } = request.params;
    if (!files.has(file)) throw new AppError('not_found');
    const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    const body = await readFile(path.join(options.dir, gzip ? `${file}.gz` : file));
    if (gzip) reply.header('content-encoding', 'gzip');
    return reply
      .header('content-type', CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('vary', 'accept-encoding')
      .header('x-content-type-options', 'nosniff')
      .header('cross-origin-resource-policy', 'same-origin')
      .send(body);
  });
}
