// Headers of public (unauthenticated) endpoints: shared caches may keep them, any origin may read.
export function publicHeaders(maxAgeSeconds: number): Record<string, string> {
  return { 'cache-control': `public, max-age=${maxAgeSeconds}`, 'access-control-allow-origin': '*' };
}

/** CORS preflight for a public path: any origin may call it with these methods and headers. */
export function preflightHeaders(methods: string[]): Record<string, string> {
  return {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': [...methods, 'OPTIONS'].join(', '),
    'access-control-allow-headers': 'Authorization, Content-Type, X-Request-Id',
    'access-control-max-age': '600',
  };
}
