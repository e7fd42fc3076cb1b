// The receiver-side verification library (src/webhooks/verify.ts) and the Python example of
// docs/webhooks.md, both checked against what the dispatcher signs.
import { describe, expect, test } from '@jest/globals';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { computeSignature, verifyWebhook } from '../../src/webhooks/verify.ts';
import { deliveryBody, deliveryHeaders } from '../../src/domain/webhooks/index.ts';
import { generateWebhookSecret } from '../../src/domain/webhooks/index.ts';
import { projectRoot } from '../../src/paths.ts';
import { SAMPLE_DATA } from './helpers/sample-events.ts';

const secret = generateWebhookSecret();
const now = new Date('2026-11-21T10:00:00.000Z');
const body = deliveryBody('inventory.low_stock', SAMPLE_DATA['inventory.low_stock']);
const headers = deliveryHeaders({ secret, event: 'inventory.low_stock', deliveryId: 'dlv_x', body, now });
const signed = { secret, rawBody: Buffer.from(body, 'utf8'), signature: headers['X-Service-Signature'], timestamp: headers['X-Service-Timestamp'], now };

describe('verifyWebhook', () => {
  test('accepts what the dispatcher signs (raw bytes or string body, non-ASCII included)', () => {
    expect(verifyWebhook(signed)).toEqual({ ok: true, timestamp: now.getTime() / 1000 });
    expect(verifyWebhook({ ...signed, rawBody: body })).toMatchObject({ ok: true });
    expect(verifyWebhook({ ...signed, signature: [signed.signature!] })).toMatchObject({ ok: true });
    expect(computeSignature(secret.slice('whsec_'.length), signed.timestamp!, body)).toBe(signed.signature);
  });

  test.each([
    ['a changed body', { rawBody: body.replace('"SKU-1"', '"SKU-2"') }, 'invalid_signature'],
    ['re-serialized JSON', { rawBody: JSON.stringify(JSON.parse(body), null, 1) }, 'invalid_signature'],
    ['another secret', { secret: generateWebhookSecret() }, 'invalid_signature'],
    ['the secret with its prefix as key', { secret: `whsec_${secret}` }, 'invalid_signature'],
    ['an upper-case signature', { signature: headers['X-Service-Signature']!.toUpperCase() }, 'invalid_signature'],
    ['a truncated signature', { signature: headers['X-Service-Signature']!.slice(0, 63) }, 'invalid_signature'],
    ['a longer signature', { signature: `${headers['X-Service-Signature']}0` }, 'invalid_signature'],
    ['a signature for another timestamp', { timestamp: String(Number(headers['X-Service-Timestamp']) + 1) }, 'invalid_signature'],
    ['no signature', { signature: undefined }, 'missing_signature'],
    ['two signature headers', { signature: ['a', 'b'] }, 'missing_signature'],
    ['no timestamp', { timestamp: null }, 'missing_timestamp'],
    ['a non-numeric timestamp', { timestamp: '1e9' }, 'invalid_timestamp'],
    ['a negative timestamp', { timestamp: '-5' }, 'invalid_timestamp'],
    ['a timestamp 301 s old', { now: new Date(now.getTime() + 301_000) }, 'timestamp_out_of_window'],
    ['a timestamp 301 s ahead', { now: new Date(now.getTime() - 301_000) }, 'timestamp_out_of_window'],
  ])('refuses %s', (_label, change, reason) => {
    expect(verifyWebhook({ ...signed, ...change } as Parameters<typeof verifyWebhook>[0])).toEqual({ ok: false, reason });
  });

  test('accepts the edges of the 300 s window and a custom tolerance', () => {
    expect(verifyWebhook({ ...signed, now: new Date(now.getTime() + 300_000) })).toMatchObject({ ok: true });
    expect(verifyWebhook({ ...signed, now: new Date(now.getTime() - 300_000) })).toMatchObject({ ok: true });
    expect(verifyWebhook({ ...signed, now: new Date(now.getTime() + 60_000), toleranceSeconds: 30 })).toMatchObject({
      ok: false,
      reason: 'timestamp_out_of_window',
    });
  });

  test('imports nothing from the rest of the service', () => {
    const source = readFileSync(path.join(projectRoot, 'src/webhooks/verify.ts'), 'utf8');
    expect([...source.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1])).toEqual(['node:crypto']);
  });
});

const python = spawnSync('python3', ['--version']).status === 0;

(python ? describe : describe.skip)('the Python example of docs/webhooks.md', () => {
  test('accepts a delivery and refuses a tampered one', () => {
    const docs = readFileSync(path.join(projectRoot, 'docs/webhooks.md'), 'utf8');
    const example = /```python\n([\s\S]*?)```/.exec(docs)![1]!;
    const program = `${example}\nimport sys, json\nargs = json.loads(sys.stdin.read())\nprint(json.dumps([verify(args["secret"], args["body"].encode(), args["signature"], args["timestamp"]), verify(args["secret"], args["body"].encode() + b" ", args["signature"], args["timestamp"]), verify(args["secret"], args["body"].encode(), args["signature"], str(int(args["timestamp"]) - 301))]))\n`;
    const fresh = new Date();
    const h = deliveryHeaders({ secret, event: 'inventory.low_stock', deliveryId: 'dlv_x', body, now: fresh });
    const out = execFileSync('python3', ['-c', program], {
      input: JSON.stringify({ secret, body, signature: h['X-Service-Signature'], timestamp: h['X-Service-Timestamp'] }),
    }).toString();
    expect(JSON.parse(out)).toEqual([true, false, false]);
  });
});
