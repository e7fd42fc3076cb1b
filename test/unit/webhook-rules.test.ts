// The pure rules of webhook operations: filters, the recovery window, the grace period, which
// secrets sign an attempt, and the 1 KB answer excerpt.
import * as rules from '../../src/domain/webhooks/rules.ts';

const NOW = new Date('2026-11-23T12:00:00.000Z');
const param = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as { code: string; details: { param?: string } }).code + ':' + (error as { details: { param?: string } }).details.param;
  }
  return 'accepted';
};

describe('webhook rules', () => {
  test('statuses map to the stored ones and back', () => {
    expect(rules.storedStatus('delivered')).toBe('succeeded');
    expect(rules.statusName('succeeded')).toBe('delivered');
    for (const name of rules.DELIVERY_STATUSES) expect(rules.statusName(rules.storedStatus(name))).toBe(name);
  });

  test('delivery filters: known events (webhook.test included), listed statuses, RFC 3339 times', () => {
    expect(rules.parseDeliveryFilter({ event: 'webhook.test', status: 'delivered', since: '2026-11-20T00:00:00Z', subscriptionId: 3 })).toEqual({
      event: 'webhook.test',
      status: 'succeeded',
      since: new Date('2026-11-20T00:00:00Z'),
      subscriptionId: 3,
    });
    expect(param(() => rules.parseDeliveryFilter({ event: '*' }))).toBe('invalid_parameter:event');
    expect(param(() => rules.parseDeliveryFilter({ status: 'succeeded' }))).toBe('invalid_parameter:status');
    expect(param(() => rules.parseDeliveryFilter({ since: '2026-11-20' }))).toBe('invalid_parameter:since');
    expect(param(() => rules.parseDeliveryFilter({ since: '2026-13-40T00:00:00Z' }))).toBe('invalid_parameter:since');
    expect(param(() => rules.parseDeliveryFilter({ subscriptionId: 0 }))).toBe('invalid_parameter:subscription_id');
    expect(rules.deliveryPageSize(undefined)).toBe(25);
    expect(rules.deliveryPageSize(1000)).toBe(100);
    expect(param(() => rules.deliveryPageSize(0))).toBe('invalid_parameter:limit');
  });

  test('delivery ids', () => {
    expect(rules.parseDeliveryId('dlv_3k9x0q2m7c1v8b4n6z5t0p1r')).toBe('dlv_3k9x0q2m7c1v8b4n6z5t0p1r');
    for (const bad of ['dlv_short', 'DLV_3k9x0q2m7c1v8b4n6z5t0p1r', 'dlv_3K9X0Q2M7C1V8B4N6Z5T0P1R', 42])
      expect(param(() => rules.parseDeliveryId(bad))).toBe('invalid_parameter:id');
  });

  test('recovery reaches at most 7 days back and not into the future', () => {
    expect(rules.recoverSince('2026-11-16T12:00:00Z', NOW)).toEqual(new Date('2026-11-16T12:00:00Z'));
    expect(param(() => rules.recoverSince('2026-11-16T11:59:59Z', NOW))).toBe('invalid_parameter:since');
    expect(param(() => rules.recoverSince('2026-11-23T12:00:01Z', NOW))).toBe('invalid_parameter:since');
    expect(param(() => rules.recoverSince(undefined, NOW))).toBe('invalid_parameter:since');
  });

  test('grace period: 24 h by default, 0 to 168, integers only', () => {
    expect(rules.graceHours(undefined)).toBe(24);
    expect(rules.graceHours(0)).toBe(0);
    expect(rules.graceHours(168)).toBe(168);
    for (const bad of [169, -1, 2.5, '24', true]) expect(param(() => rules.graceHours(bad))).toBe('invalid_parameter:grace_period_hours');
    expect(rules.previousSecretExpiry(0, NOW)).toBeNull();
    expect(rules.previousSecretExpiry(24, NOW)).toEqual(new Date('2026-11-24T12:00:00.000Z'));
  });

  test('the previous secret signs only while its grace period runs', () => {
    const s = { secret: 'whsec_new', previousSecret: 'whsec_old', previousSecretExpiresAt: new Date('2026-11-23T13:00:00Z') };
    expect(rules.signingSecrets(s, NOW)).toEqual({ current: 'whsec_new', previous: 'whsec_old' });
    expect(rules.signingSecrets(s, new Date('2026-11-23T13:00:00Z'))).toEqual({ current: 'whsec_new', previous: null });
    expect(rules.signingSecrets({ ...s, previousSecretExpiresAt: null }, NOW)).toEqual({ current: 'whsec_new', previous: null });
  });

  test('answer excerpt: at most 1 KB, never a broken character, no NUL', () => {
    expect(rules.responseExcerpt(Buffer.from('ok'))).toBe('ok');
    const long = Buffer.from('a' + 'é'.repeat(1000));
    const excerpt = rules.responseExcerpt(long);
    expect(Buffer.byteLength(excerpt)).toBe(1023);
    expect(excerpt.endsWith('é')).toBe(true);
    expect(rules.responseExcerpt(Buffer.from('a\u0000b'))).toBe('ab');
  });
});
