// preValidation for JSON write endpoints: 415 unless Content-Type is application/json (Fastify
// would otherwise parse text/plain, and a POST without a body has no type at all), and
// invalid_json unless the body is a JSON object.
import type { FastifyRequest } from 'fastify';
import { AppError } from '../src/errors.ts';

export async function requireJsonObjectBody(request: FastifyRequest): Promise<void> {
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') throw new AppError('unsupported_media_type', 'Send Content-Type: application/json.');
  const body: unknown = request.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new AppError('invalid_json', 'The body must be a JSON object.');
}
