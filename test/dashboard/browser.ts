// Chromium for the dashboard's tests and bench/dashboard: Debian's package driven by playwright-core
// (never a downloaded browser), a context that records every request and refuses any that would
// leave the origin, and collects CSP violations and console errors; axe-core run in the page.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';

export const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((file) => existsSync(file));

// The few browser globals the page functions below use (this project's test TypeScript has no DOM lib).
declare const document: {
  addEventListener(type: 'securitypolicyviolation', listener: (event: { violatedDirective: string; blockedURI: string }) => void): void;
};
declare const window: { __cspViolations?: string[] };
declare const axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> };

export interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

export interface Watched {
  context: BrowserContext;
  /** Every URL the pages asked for (requests and WebSockets). */
  requests: string[];
  /** Requests to another origin (refused). */
  foreign: string[];
  consoleErrors: string[];
  newPage(): Promise<Page>;
  /** The CSP violations the page's document reported since the last call (each is reported once). */
  cspViolations(page: Page): Promise<string[]>;
}

export async function watchedContext(browser: Browser, origin: string, options: { width?: number; height?: number } = {}): Promise<Watched> {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: options.height ?? 900 }, locale: 'en-US', timezoneId: 'UTC' });
  const requests: string[] = [];
  const foreign: string[] = [];
  const consoleErrors: string[] = [];
  await context.route('**/*', async (route) => {
    const url = route.request().url();
    requests.push(url);
    if (new URL(url).origin !== origin && !url.startsWith('data:') && !url.startsWith('blob:')) {
      foreign.push(url);
      await route.abort('blockedbyclient');
    } else await route.continue();
  });
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => window.__cspViolations!.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return {
    context,
    requests,
    foreign,
    consoleErrors,
    async newPage() {
      const page = await context.newPage();
      page.on('websocket', (socket) => requests.push(socket.url()));
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(`${message.text()} (${message.location().url})`);
      });
      page.on('pageerror', (error) => consoleErrors.push(`pageerror: ${error.message}`));
      return page;
    },
    cspViolations: (page) => page.evaluate(() => window.__cspViolations?.splice(0) ?? []),
  };
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's serious and critical violations on the page. Its source is evaluated through the
 * DevTools protocol (page.evaluate), which the page's CSP does not govern, rather than added as an
 * inline <script> the CSP would (rightly) block; once per document (a client-side route change
 * keeps it).
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => typeof axe !== 'undefined'))) await page.evaluate(axeSource);
  const result = await page.evaluate(() => axe.run(document, { resultTypes: ['violations'] }));
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
