// ESLint flat config. Besides a modest typescript-eslint set, it enforces the house boundaries of
// docs/architecture.md as lint rules whose messages say what the boundary is and where to go instead.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import noImportCycle from './eslint/no-import-cycle.js';

// ---- boundary patterns for no-restricted-imports (regexes over the import specifier) ----
const PRISMA = [
  {
    regex: '(^@prisma/|^prisma($|/)|/db/__generated__/)',
    message:
      'Only repo.ts files and src/db talk to Prisma. Declare the type in the domain module (index.ts) and map rows ' +
      'to it in the repo; services and doors use those declared types, never Prisma or the generated client.',
  },
  {
    regex: '/db/client\\.ts$',
    importNames: ['Prisma'],
    message:
      'The Prisma namespace (SQL fragments, generated row types) is for repo.ts files and src/db only; ' +
      'declare the type in the domain module and map rows to it in the repo.',
  },
];
const DOMAIN_BY_INDEX = {
  regex: '(^|/)domain/(?![^/]+/index\\.ts$).+',
  message:
    'Doors (src/graphql, rest-compat, src/jobs, src/cli*, src/http) reach the domain only through a module index: ' +
    'import from src/domain/<module>/index.ts. If the door needs something that is not exported there, export it ' +
    'from the index (it then becomes part of the module surface) instead of importing a service, repo or rules file.',
};
const NOT_REST = {
  regex: '(^|/)rest-compat(/|$)',
  message:
    'GraphQL must not import the REST compatibility layer (rest-compat). Shared rules (errors, messages, status ' +
    'table, bounds) live in src/ (src/errors.ts, src/domain); import them from there.',
};
const NOT_GRAPHQL = {
  regex: '(^|/)src/graphql(/|$)',
  message:
    'The REST compatibility layer must not import src/graphql. Shared rules (errors, messages, status table, ' +
    'bounds) live in src/ (src/errors.ts, src/domain); import them from there.',
};
const HTTP_NOT_DOORS = {
  regex: '(^|/)(rest-compat|graphql)(/|$)',
  message:
    'src/http is shared infrastructure (app factory, guard, rate limit, playground, health) and does not know the ' +
    'doors: src/main.ts mounts src/graphql and rest-compat on it. Move door code to the door, or pass it in.',
};
const DOMAIN_NOT_DOORS = {
  regex: '(^|/)(rest-compat|graphql|http|jobs)/|(^|/)(cli(-[^/]*)?|services|server|main)\\.ts$',
  message:
    'The domain does not import doors or wiring (rest-compat, src/graphql, src/http, src/jobs, src/cli*, ' +
    'src/services.ts, src/server.ts, src/main.ts). Take what it needs as a parameter of its service factory; ' +
    'src/main.ts (or buildServices) passes it in.',
};

const CONNECTOR_NOT_DOORS = {
  regex: '(^|/)(rest-compat|graphql|http|jobs)/|(^|/)(cli(-[^/]*)?|server|main)\\.ts$',
  message:
    'Connectors (src/connectors) are adapters at the edge: they reach the domain through module indexes and import ' +
    'no door (rest-compat, src/graphql, src/http, src/jobs, src/cli*, src/server.ts, src/main.ts). What they need from ' +
    'a door (the dashboard session, a rate-limit hook) is passed in by src/main.ts.',
};
const DOMAIN_NOT_CONNECTORS = {
  regex: '(^|/)connectors/',
  message: 'The domain does not import connectors: a connector calls the domain, never the reverse.',
};

const PRODUCTION = ['src/**/*.ts', 'rest-compat/**/*.ts'];
// src/demo is seed tooling, not the domain: it builds whole table rows (Prisma create inputs) for a bulk insert.
const REPO_FILES = ['**/repo.ts', 'src/db/**', 'src/demo/**'];

/** One no-restricted-imports setting per area. Flat config replaces (not merges) rule options, so each
 * area lists every group that applies to it; its repo.ts files get the same list minus Prisma. */
function area(files, groups) {
  const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
  return [
    { files, ignores: REPO_FILES, rules: restrict([...PRISMA, ...groups]) },
    // [[a, b]] matches files that match a AND b: the area's repo files.
    { files: files.flatMap((f) => REPO_FILES.map((r) => [f, r])), rules: restrict(groups) },
  ];
}

export default tseslint.config(
  {
    ignores: ['node_modules/', '**/__generated__/', 'coverage/', 'bench/results/', '.data/', 'docs/', 'content/', 'prisma/migrations/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        URLSearchParams: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        setImmediate: 'readonly',
        queueMicrotask: 'readonly',
        structuredClone: 'readonly',
        AbortController: 'readonly',
        AbortSignal: 'readonly',
        TextEncoder: 'readonly',
        TextDecoder: 'readonly',
        fetch: 'readonly',
        Response: 'readonly',
        Request: 'readonly',
        Headers: 'readonly',
        performance: 'readonly',
        crypto: 'readonly',
        globalThis: 'readonly',
      },
    },
    plugins: { house: { rules: { 'no-import-cycle': noImportCycle } } },
    rules: {
      'house/no-import-cycle': 'error',
      // The house convention for deliberately unused names (`{ from: _f, ...rest }`, `(_request, reply)`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // Kept off: input validation rejects control characters on purpose (track URLs, key formats).
      'no-control-regex': 'off',
    },
  },
  {
    // The house no-process-env: only src/config.ts reads the environment (tests, bench, scripts and bin are
    // tooling and exempt). ESLint's own no-process-env cannot carry a message, so this is the same check
    // (process.env, process['env'], const { env } = process) with one that names the boundary.
    files: PRODUCTION,
    ignores: ['src/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message:
            'Only src/config.ts reads process.env: add the setting to the Config it parses (with its default and ' +
            'validation) and take it from the config object that main.ts passes down.',
        },
      ],
    },
  },
  {
    // A domain module's index is its declared public surface (ARCHITECTURE.md, Layout): it names
    // what it exports, so a helper added to service.ts or rules.ts is not public by accident (a
    // type-only `export type *`, the shared enums' vocabulary, stays allowed).
    files: ['src/domain/*/index.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ExportAllDeclaration[exportKind='value']",
          message: "A module's index names what it exports: write `export { name, type Name } from './file.ts'`, not `export *`.",
        },
      ],
    },
  },
  ...area(PRODUCTION, []),
  ...area(['src/graphql/**/*.ts'], [DOMAIN_BY_INDEX, NOT_REST]),
  ...area(['rest-compat/**/*.ts'], [DOMAIN_BY_INDEX, NOT_GRAPHQL]),
  ...area(['src/jobs/**/*.ts', 'src/cli*.ts', 'src/cli/**/*.ts'], [DOMAIN_BY_INDEX]),
  ...area(['src/http/**/*.ts'], [DOMAIN_BY_INDEX, HTTP_NOT_DOORS]),
  ...area(['src/domain/**/*.ts'], [DOMAIN_NOT_DOORS, DOMAIN_NOT_CONNECTORS]),
  ...area(['src/connectors/**/*.ts'], [DOMAIN_BY_INDEX, CONNECTOR_NOT_DOORS]),
  {
    // The playground's browser script (bundled by scripts/build-playground.mjs, never run by Node).
    files: ['src/http/playground/client.js'],
    languageOptions: {
      globals: { document: 'readonly', window: 'readonly', Worker: 'readonly', sessionStorage: 'readonly' },
    },
  },
  {
    // The dashboard's browser code (bundled by scripts/build-dashboard.mjs, never run by Node). It
    // reaches the service only through HTTP (dashboard/src/api.ts), never by importing it. (Browser
    // globals need no list here: TypeScript checks names, with the DOM lib of dashboard/tsconfig.json.)
    files: ['dashboard/**/*.ts', 'dashboard/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(src|rest-compat|test|bench)/',
              message: 'The dashboard is a client of the public API: talk to it over HTTP (dashboard/src/api.ts), not by importing the service.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
