// The process-wide bound on concurrent password hashes: `running` at once, `queued` waiting, the
// next refused at once with 429 too_many_attempts and Retry-After 1 (no task of it is run). Tasks
// are promises the test settles itself: no timing. And the client an address's sign-in limit
// counts against (an IPv6 address: its /64).
import { hashLimiter, signInClient } from '../../src/domain/users/index.ts';
import { AppError } from '../../src/errors.ts';

function deferred() {
  let resolve!: (value: string) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<string>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('hashLimiter', () => {
  test('runs at most `running` tasks, queues `queued`, refuses the next without running it', async () => {
    const limiter = hashLimiter(2, 1);
    const tasks = [deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = tasks.map((task, i) =>
      limiter.run(() => {
        started.push(i);
        return task.promise;
      }),
    );
    expect(started).toEqual([0, 1]);
    expect([limiter.running, limiter.waiting]).toEqual([2, 1]);

    let refusedRan = false;
    const refused = await limiter
      .run(async () => {
        refusedRan = true;
        return 'never';
      })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('too_many_attempts');
    expect((refused as AppError).details).toMatchObject({ retryAfterSeconds: 1 });
    expect(refusedRan).toBe(false);

    // A failing task frees its slot too: the queued one starts.
    tasks[0]!.reject(new Error('scrypt failed'));
    await expect(runs[0]).rejects.toThrow('scrypt failed');
    expect(started).toEqual([0, 1, 2]);
    expect([limiter.running, limiter.waiting]).toEqual([2, 0]);

    tasks[1]!.resolve('one');
    tasks[2]!.resolve('two');
    await expect(Promise.all([runs[1], runs[2]])).resolves.toEqual(['one', 'two']);
    expect([limiter.running, limiter.waiting]).toEqual([0, 0]);
    // Free again: a new task runs at once.
    await expect(limiter.run(async () => 'again')).resolves.toBe('again');
  });
});

describe('signInClient', () => {
  test('an IPv6 address counts by its /64, IPv4 (mapped or not) by itself', () => {
    expect(signInClient('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(signInClient('2001:0db8:0001:0002:ffff::1')).toBe('2001:db8:1:2::/64');
    expect(signInClient('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(signInClient('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(signInClient('10.0.0.1')).toBe('10.0.0.1');
    expect(signInClient('not an address')).toBe('not an address');
  });
});
