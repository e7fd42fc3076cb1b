// Custom tracking events (POST /track): validates the event against the decided bounds, infers
// geo from the client address and stores it for the calling account and key.
import type { PrismaClient } from '../../db/client.ts';
import type { JsonObject } from '../shared/index.ts';
import { AppError } from '../../errors.ts';
import { defaultGeoLocator, type GeoLocator } from './geo.ts';
import { trackRepo } from './repo.ts';
import { takeEffectSlot, type EffectLedger } from '../idempotency/index.ts';

export const EVENT_NAME = /^[A-Za-z0-9._-]{1,64}$/;
export const MAX_PROPS_BYTES = 8192;
/** Nesting bound for props (the object itself is level 1): keeps serialization and jsonb parsing shallow. */
export const MAX_PROPS_DEPTH = 32;
export const MAX_ID_LENGTH = 128;
export const MAX_URL_LENGTH = 2048;

export interface TrackInput {
  event?: unknown;
  props?: unknown;
  visitor_id?: unknown;
  session_id?: unknown;
  url?: unknown;
}

export interface TrackCaller {
  accountId: string;
  /** The API key that sent the event (null for a dashboard session). */
  keyId: number | null;
  /** The request's Idempotency-Key claim, when it has one: the event is recorded on it (once across retries). */
  idempotency?: EffectLedger | null;
}

/** The kind of effect an event records on its request's Idempotency-Key. */
const TRACK_EFFECT = 'track_event';

const invalidField = (param: string, message: string) => new AppError('invalid_field', message, { param });

/** Text PostgreSQL can store as given: no NUL and no unpaired UTF-16 surrogate. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const storable = (value: string): boolean => !value.includes('\u0000') && !LONE_SURROGATE.test(value);

/** Length in Unicode characters (code points), as the database's varchar counts them. */
const characters = (value: string): number => {
  let n = 0;
  for (const _ of value) n++;
  return n;
};

function parseEventName(event: unknown): string {
  if (event === undefined) throw new AppError('invalid_event_name', 'event is required', { param: 'event' });
  if (typeof event !== 'string' || !EVENT_NAME.test(event)) {
    throw new AppError('invalid_event_name', 'event must be 1 to 64 characters of a-z, A-Z, 0-9, ".", "_" or "-"', { param: 'event' });
  }
  return event;
}

/**
 * Keys refused at any depth of props, whichever door the object came through (a REST body, a
 * GraphQL variable or an inline literal): they pollute prototypes of the code that reads props back.
 */
export const FORBIDDEN_PROPS_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor']);

/** Depth, storability and forbidden keys of a parsed JSON value, walked without recursion; stops past maxDepth. */
function inspectJson(root: unknown, maxDepth: number): { tooDeep: boolean; storable: boolean; forbiddenKey: string | null } {
  const stack: Array<[unknown, number]> = [[root, 1]];
  let ok = true;
  let forbiddenKey: string | null = null;
  while (stack.length) {
    const [value, depth] = stack.pop()!;
    if (typeof value === 'string') {
      if (ok && !storable(value)) ok = false;
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth > maxDepth) return { tooDeep: true, storable: ok, forbiddenKey };
    if (Array.isArray(value)) {
      for (const item of value) stack.push([item, depth + 1]);
    } else {
      for (const [key, item] of Object.entries(value)) {
        if (ok && !storable(key)) ok = false;
        if (forbiddenKey === null && FORBIDDEN_PROPS_KEYS.has(key)) forbiddenKey = key;
        stack.push([item, depth + 1]);
      }
    }
  }
  return { tooDeep: false, storable: ok, forbiddenKey };
}

function parseProps(props: unknown): JsonObject {
  if (props === undefined) return {};
  if (props === null || typeof props !== 'object' || Array.isArray(props)) throw invalidField('props', 'props must be a JSON object');
  const shape = inspectJson(props, MAX_PROPS_DEPTH);
  if (shape.tooDeep) throw invalidField('props', `props must not nest deeper than ${MAX_PROPS_DEPTH} levels`);
  if (Buffer.byteLength(JSON.stringify(props), 'utf8') > MAX_PROPS_BYTES) {
    throw new AppError('props_too_large', `props must serialize to at most ${MAX_PROPS_BYTES} bytes of UTF-8 JSON`, { param: 'props' });
  }
  if (!shape.storable) throw invalidField('props', 'props must not contain NUL characters or unpaired surrogates');
  if (shape.forbiddenKey !== null) throw invalidField('props', `props must not contain the key ${shape.forbiddenKey} (at any depth)`);
  return props as JsonObject;
}

function parseIdentifier(param: 'visitor_id' | 'session_id', value: unknown): string | null {
  if (value === undefined) return null;
  if (typeof value !== 'string' || characters(value) > MAX_ID_LENGTH || !storable(value)) {
    throw invalidField(param, `${param} must be a string of at most ${MAX_ID_LENGTH} characters`);
  }
  return value;
}

function parsePageUrl(value: unknown): string | null {
  if (value === undefined) return null;
  const refuse = () => invalidField('url', `url must be an http or https URL of at most ${MAX_URL_LENGTH} characters`);
  // Spaces and control characters would be silently dropped or encoded by the URL parser; the
  // stored text is the caller's own, so it must already be a clean URL.
  if (typeof value !== 'string' || characters(value) > MAX_URL_LENGTH || /[\u0000-\u0020\u007f]/.test(value) || !storable(value)) throw refuse();
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw refuse();
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw refuse();
  return value;
}

export function trackService(prisma: PrismaClient, options: { geo?: GeoLocator } = {}) {
  const repo = trackRepo(prisma);
  const geo = options.geo ?? defaultGeoLocator;
  return {
    /**
     * Validates and stores one event; geo comes from `clientAddress` (the socket's, or
     * X-Forwarded-For from a trusted proxy). Checks, in order: event, props, visitor_id,
     * session_id, url. Returns the new event's id.
     */
    async trackEvent(caller: TrackCaller, input: TrackInput, clientAddress: string): Promise<{ eventId: number }> {
      const event = parseEventName(input.event);
      const props = parseProps(input.props);
      const visitorId = parseIdentifier('visitor_id', input.visitor_id);
      const sessionId = parseIdentifier('session_id', input.session_id);
      const url = parsePageUrl(input.url);
      // A retry of a request whose event was stored (its answer lost) answers with that event.
      const effect = takeEffectSlot(caller.idempotency, TRACK_EFFECT);
      if (effect.recorded !== null) return { eventId: Number(effect.recorded) };
      const location = await geo.locate(clientAddress);
      const id = await repo.insert({ accountId: caller.accountId, apiKeyId: caller.keyId, event, props, visitorId, sessionId, url, ...location }, effect.slot);
      return { eventId: Number(id) };
    },
  };
}

export type TrackService = ReturnType<typeof trackService>;
