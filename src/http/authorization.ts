// The Authorization header as the auth service reads it. Node keeps only the first of repeated
// Authorization headers (request.headers), and a proxy may keep the last: two or more are refused
// outright (invalid_token_format, as any header that is not one `Bearer <token>`), whichever door.
import type { IncomingMessage } from 'node:http';
import { AppError } from '../errors.ts';

export function authorizationHeader(request: { raw: Pick<IncomingMessage, 'rawHeaders' | 'headers'> }): string | undefined {
  const raw = request.raw.rawHeaders;
  let count = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.toLowerCase() === 'authorization') count++;
  if (count > 1) throw new AppError('invalid_token_format');
  return request.raw.headers.authorization;
}
