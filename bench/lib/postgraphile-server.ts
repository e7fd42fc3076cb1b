// The baseline for bench/graphql: PostGraphile 4 (a dev dependency, used only here) serving the
// same PostgreSQL tables as the service, on a plain node:http server with pg's default pool of 10
// like the service's. No auth and no rate limit: the query names the account itself.
//   node bin/run-ts.js bench/lib/postgraphile-server.ts <postgresql://…>
// Prints `API status   http://host:port/api/v1/status` when ready (the bench reads that line);
// the GraphQL endpoint is /graphql.
import http from 'node:http';
import Module, { createRequire } from 'node:module';
import path from 'node:path';

// PostGraphile 4 needs graphql 15; the project has 16 at the top of node_modules, so npm nests
// copies of graphql 15 and graphile-build in two places and leaves graphql-parse-resolve-info on
// 16. Mixed, they fail ("Unexpected input type: Int"). In this process only, every require of
// those two names resolves to postgraphile's own copy.
const require = createRequire(import.meta.url);
const own = path.join(path.dirname(require.resolve('postgraphile/package.json')), 'node_modules');
const pinned = ['graphql', 'graphile-build'];
type Resolve = (request: string, ...rest: unknown[]) => string;
const loader = Module as unknown as { _resolveFilename: Resolve };
const resolve = loader._resolveFilename;
loader._resolveFilename = function (this: unknown, request: string, ...rest: unknown[]) {
  const name = pinned.find((n) => request === n || request.startsWith(`${n}/`));
  return resolve.call(this, name ? path.join(own, request) : request, ...rest);
};
const postgraphileModule = require('postgraphile') as typeof import('postgraphile');

const connectionString = process.argv[2];
if (!connectionString) {
  console.error('usage: postgraphile-server.ts <postgresql://…>');
  process.exit(2);
}

const middleware = postgraphileModule.postgraphile(connectionString, 'public', {
  graphqlRoute: '/graphql',
  graphiql: false,
  disableQueryLog: true,
  enableQueryBatching: false,
  watchPg: false,
  retryOnInitFail: false,
  ignoreRBAC: true,
  disableDefaultMutations: true,
  setofFunctionsContainNulls: false,
  extendedErrors: [],
});

const server = http.createServer((request, response) => {
  if (request.url === '/api/v1/status') {
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"operational"}');
    return;
  }
  middleware(request, response);
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  console.log(`  API status   http://127.0.0.1:${port}/api/v1/status`);
});
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
