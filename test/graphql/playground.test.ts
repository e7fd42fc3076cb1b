// The offline playground: the page, its assets and their headers through real HTTP, and Debian's
// Chromium (driven by playwright-core, never a downloaded browser) opening it with every request
// to another origin blocked, entering a seeded API key, running a query and seeing the data.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page, type Response } from 'playwright-core';
import { describeEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { readJson } from '../helpers/http.ts';
import { makeAccount } from '../factories/index.ts';
import { keysService } from '../../src/domain/keys/index.ts';
import { PLAYGROUND_CSP } from '../../src/http/playground.ts';

// Debian's package (.ci/run installs it); Ubuntu-style name as a fallback.
const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((file) => existsSync(file));
if (!CHROMIUM) console.warn('playground browser test SKIPPED: no Chromium at /usr/bin/chromium (apt-get install chromium; .ci/run installs it)');
const browserTest = CHROMIUM ? test : test.skip;

const QUERY = 'query ViewerAccount { viewer { account { userId name } } }';

/** One Chromium for the file (both database variants), launched by the first browser test; each test has a context of its own. */
let launched: Promise<Browser> | undefined;
const sharedBrowser = (): Promise<Browser> => (launched ??= chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] }));
afterAll(async () => {
  await launched?.then(
    (browser) => browser.close(),
    () => undefined,
  );
});

// The few browser globals the page functions below use (this project's TypeScript has no DOM lib).
declare const document: {
  querySelector(selector: string): { textContent: string | null } | null;
  addEventListener(type: 'securitypolicyviolation', listener: (event: { violatedDirective: string; blockedURI: string }) => void): void;
};
declare const navigator: { clipboard: { writeText(text: string): Promise<void> } };

/** The page's script and stylesheet paths, as the HTML names them. */
function assetPaths(html: string): { script: string; style: string } {
  const script = /<script type="module" src="(\/playground\/assets\/[^"]+\.js)"><\/script>/.exec(html)?.[1];
  const style = /<link rel="stylesheet" href="(\/playground\/assets\/[^"]+\.css)">/.exec(html)?.[1];
  if (!script || !style) throw new Error(`the page names no script or stylesheet:\n${html}`);
  return { script, style };
}

/**
 * Runs the editor's query, or `query` pasted over it, waits until the response pane shows
 * `expected`, and returns the answer as it came over the network (the pane renders only the
 * lines in view).
 */
async function runQuery(page: Page, endpoint: string, query: string | null, expected: string): Promise<{ data?: unknown; errors?: unknown }> {
  if (query !== null) {
    await page.click('.graphiql-query-editor .monaco-editor');
    await page.keyboard.press('Control+A');
    // Pasted, not typed: typing would meet Monaco's bracket auto-closing.
    await page.evaluate((text) => navigator.clipboard.writeText(text), query);
    await page.keyboard.press('Control+V');
    // GraphiQL reads the operation name from the editor a moment later; the tab shows it then.
    const name = /^\s*query\s+(\w+)/.exec(query)?.[1];
    if (!name) throw new Error('runQuery needs a named query, to see GraphiQL take it in');
    await page.waitForFunction((n) => document.querySelector('.graphiql-tab-active')?.textContent?.includes(n), name, { timeout: 30_000 });
  }
  const isRun = (response: Response) =>
    response.url() === endpoint && response.request().method() === 'POST' && !response.request().postData()?.includes('IntrospectionQuery');
  const [response] = await Promise.all([page.waitForResponse(isRun, { timeout: 30_000 }), page.click('.graphiql-execute-button')]);
  const body = (await response.json()) as { data?: unknown; errors?: unknown };
  await page
    .waitForFunction((text) => (document.querySelector('.graphiql-response')?.textContent ?? '').replace(/\u00a0/g, ' ').includes(text), expected, {
      timeout: 30_000,
    })
    .catch(async (error: Error) => {
      const pane = await page.evaluate(() => [
        document.querySelector('.graphiql-query-editor')?.textContent,
        document.querySelector('.graphiql-response')?.textContent,
      ]);
      throw new Error(`${error.message}\nsent: ${response.request().postData()}\nanswer: ${JSON.stringify(body)}\npanes: ${JSON.stringify(pane)}`);
    });
  return body;
}

describeEachDatabase('GraphQL playground', (target) => {
  let database: TestDatabase;
  let app: TestApp;
  let key: string;
  let account: { id: string; name: string };

  beforeAll(async () => {
    database = await target.create();
    app = await startTestApp(database);
    account = await makeAccount(app.db.prisma, { name: 'Playground_Store' });
    key = (await keysService(app.db.prisma).createKey({ accountId: account.id, scopes: ['read'] })).key;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  test('GET /playground: the page, same-origin only, with a strict CSP and the public budget', async () => {
    const res = await fetch(`${app.url}/playground`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(PLAYGROUND_CSP);
    expect(PLAYGROUND_CSP).toContain("script-src 'self';");
    expect(PLAYGROUND_CSP).toContain("connect-src 'self';");
    expect(PLAYGROUND_CSP).toContain("frame-ancestors 'none'");
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-ratelimit-limit')).toBe(String(app.config.rateLimit.publicPerMinute));
    const html = await res.text();
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//); // nothing from another host
    expect(html).toContain('data-endpoint="/graphql"');
    assetPaths(html);
  });

  test('assets: served by their hashed names, immutable, gzip when accepted; nothing else', async () => {
    const { script, style } = assetPaths(await (await fetch(`${app.url}/playground`)).text());
    const plain = await fetch(`${app.url}${script}`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(plain.headers.get('content-encoding')).toBeNull();
    const body = await plain.text();
    expect(body.length).toBeGreaterThan(100_000);
    const gzipped = await fetch(`${app.url}${script}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped.headers.get('vary')).toBe('accept-encoding');
    expect(await gzipped.text()).toBe(body); // fetch inflates it
    const css = await fetch(`${app.url}${style}`);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    // Read to its end: a response left unread (700 KB) holds its connection open, and app.close()
    // waited for it until the garbage collector happened to free the body (7 to 145 s).
    expect((await css.text()).length).toBeGreaterThan(1_000);

    for (const path of [
      '/playground/assets/nope.js',
      '/playground/assets/manifest.json',
      '/playground/assets/..%2Fclient.js',
      '/playground/assets/%2E%2E%2F%2E%2E%2Fplayground.ts',
    ]) {
      const res = await fetch(`${app.url}${path}`);
      expect(res.status).toBe(404);
      expect(await readJson(res)).toMatchObject({ error: 'not_found' });
    }
  });

  test('GET /graphql: a browser navigation gets the page; an API client does not', async () => {
    const browser = await fetch(`${app.url}/graphql`, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(browser.status).toBe(200);
    expect(browser.headers.get('content-security-policy')).toBe(PLAYGROUND_CSP);
    expect(await browser.text()).toContain('<div id="playground"');
    const client = await fetch(`${app.url}/graphql?query=${encodeURIComponent(QUERY)}`, {
      headers: { accept: 'application/graphql-response+json, application/json', authorization: `Bearer ${key}` },
    });
    expect(client.headers.get('content-type')).not.toMatch(/text\/html/);
    expect(client.headers.get('content-security-policy')).toBeNull();
  });

  test('PLAYGROUND_ENABLED=false: 404 not_found, and GET /graphql is left to the API', async () => {
    const off = await startTestApp(database, { PLAYGROUND_ENABLED: 'false' });
    try {
      for (const path of ['/playground', '/playground/assets/anything.js']) {
        const res = await fetch(`${off.url}${path}`);
        expect(res.status).toBe(404);
        expect(await readJson(res)).toMatchObject({ error: 'not_found' });
      }
      const res = await fetch(`${off.url}/graphql`, { headers: { accept: 'text/html' } });
      expect(res.headers.get('content-security-policy')).toBeNull();
    } finally {
      await off.close();
    }
  });

  browserTest('Chromium, offline: enter the API key, run a query, see the account', async () => {
    const context = await (await sharedBrowser()).newContext();
    try {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
      // No internet: anything not served by the app is blocked and recorded.
      const foreign: string[] = [];
      await context.route('**/*', (route) => {
        const url = route.request().url();
        if (url.startsWith(`${app.url}/`) || url.startsWith('data:')) return route.continue();
        foreign.push(url);
        return route.abort();
      });
      await context.addInitScript(() => {
        const seen: string[] = [];
        (globalThis as unknown as { cspViolations: string[] }).cspViolations = seen;
        document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
      });
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      const authorizations: (string | undefined)[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().endsWith('/graphql')) authorizations.push(request.headers().authorization);
      });

      const endpoint = `${app.url}/graphql`;
      await page.goto(endpoint); // a navigation: Accept text/html
      await page.waitForSelector('.graphiql-query-editor .monaco-editor', { timeout: 60_000 });

      // The page's example query, without a key: the API says what is missing.
      const refused = await runQuery(page, endpoint, null, 'missing_authorization');
      expect(refused.errors).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'missing_authorization' }) })]);

      // Entering the key makes GraphiQL introspect again, now successfully: completion and Docs.
      const introspected = page.waitForResponse(
        (response) =>
          response.url() === endpoint &&
          !!response.request().postData()?.includes('IntrospectionQuery') &&
          response.request().headers().authorization === `Bearer ${key}`,
        { timeout: 30_000 },
      );
      await page.fill('#svc-api-key', key);
      await page.click('#svc-api-key-apply');
      const schema = (await (await introspected).json()) as { data?: { __schema?: { queryType: { name: string } } }; errors?: unknown };
      expect(schema.errors).toBeUndefined();
      expect(schema.data?.__schema?.queryType.name).toBe('Query');
      await page.waitForFunction(() => document.querySelector('#svc-api-key-status')?.textContent?.startsWith('Sending'));
      // The page shows only the key's display prefix, never the whole key.
      expect(await page.textContent('#svc-api-key-status')).toBe(`Sending Authorization: Bearer ${key.slice(0, 15)}…`);
      // With it, the example runs against the current schema without errors.
      const example = await runQuery(page, endpoint, null, account.name);
      expect(example.errors).toBeUndefined();
      expect(example.data).toMatchObject({ viewer: { account: { name: account.name } }, customers: { nodes: [] }, insights: { nodes: [] } });
      // And a query of one's own.
      const result = await runQuery(page, endpoint, QUERY, account.id);
      expect(result.errors).toBeUndefined();
      expect(result.data).toEqual({ viewer: { account: { userId: account.id, name: account.name } } });
      expect(authorizations).toContain(`Bearer ${key}`);

      expect(foreign).toEqual([]);
      expect(await page.evaluate(() => (globalThis as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
