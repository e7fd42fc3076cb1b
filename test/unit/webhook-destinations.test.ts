// The per-destination limit and circuit of the webhook dispatcher (pure state, its own clock).
import { describe, expect, test } from '@jest/globals';
import { destinationOf, destinations } from '../../src/domain/webhooks/delivery/destinations.ts';

describe('webhook destinations', () => {
  const limits = { perDestination: 2, failuresToOpen: 3, openMs: 1_000, maxOpenMs: 4_000 };

  test('a destination is the URL origin', () => {
    expect(destinationOf('https://Example.com:8443/a/b?c')).toBe('https://example.com:8443');
    expect(destinationOf('https://example.com/x')).toBe(destinationOf('https://example.com:443/y'));
    expect(destinationOf('not a url')).toBe('not a url');
  });

  test('at most perDestination sends in flight, per destination', () => {
    const d = destinations(limits);
    d.started('a');
    d.started('a');
    expect(d.canStart('a', 0)).toBe(false);
    expect(d.canStart('b', 0)).toBe(true);
    d.finished('a', 'answered', 0);
    expect(d.canStart('a', 0)).toBe(true);
  });

  test('unanswered attempts open the circuit; one probe after the pause; a failed probe doubles it; an answer closes it', () => {
    const d = destinations(limits);
    const fail = (at: number) => {
      d.started('a');
      return d.finished('a', 'unanswered', at);
    };
    expect(fail(0)).toBeNull();
    expect(fail(0)).toBeNull();
    expect(fail(0)).toBe('opened');
    expect(d.heldUntil('a', 10)).toBe(1_000);
    expect(d.canStart('a', 999)).toBe(false);
    expect(d.canStart('a', 1_000)).toBe(true);
    d.started('a'); // the probe
    expect(d.canStart('a', 1_000)).toBe(false); // one probe at a time
    expect(d.finished('a', 'unanswered', 1_000)).toBe('opened');
    expect(d.heldUntil('a', 1_000)).toBe(3_000); // 2 s now
    d.started('a');
    d.finished('a', 'answered', 3_000);
    expect(d.heldUntil('a', 3_000)).toBeNull();
    expect(fail(3_000)).toBeNull(); // counting starts again
  });

  test('HTTP error answers and attempts never sent do not count', () => {
    const d = destinations(limits);
    for (let i = 0; i < 10; i++) {
      d.started('a');
      d.finished('a', i % 2 ? 'answered' : 'not-sent', 0);
    }
    expect(d.heldUntil('a', 0)).toBeNull();
  });
});
