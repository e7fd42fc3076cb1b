// Headers of public (unauthenticated) endpoints: shared caches may keep them, any origin may read.
export function publicHeaders(maxAgeSeconds: number): Record<string, string> {
  return { 'cache-control': `public, max-age=${maxAgeSeconds}`, 'access-control-allow-origin': '*' };
}
