// The decided rule for count parameters, as every door applies it.
import { boundedCount } from '../../src/domain/shared/index.ts';
import { AppError } from '../../src/errors.ts';

const bounds = { default: 25, max: 100 };

test('absent gives the default; above the maximum is clamped; in range is kept', () => {
  expect(boundedCount(undefined, bounds, 'limit')).toBe(25);
  expect(boundedCount(500, bounds, 'limit')).toBe(100);
  expect(boundedCount(1, bounds, 'limit')).toBe(1);
  expect(boundedCount(100, bounds, 'limit')).toBe(100);
});

test('below 1 or not an integer is invalid_parameter naming the parameter', () => {
  for (const value of [0, -3, 1.5, Number.NaN]) {
    let error: unknown;
    try {
      boundedCount(value, bounds, 'days');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'invalid_parameter', details: { param: 'days' } });
  }
});
