// Global ids: the one rule for every Node's id. A global id is base64url of "<Type>:<key>", where
// the key is the v1 id (an integer, or the account's user_id, or a delivery's dlv_… id). Clients
// treat it as opaque; id arguments accept it, and the v1 integer id as well (legacyId).
import { AppError } from '../errors.ts';

const MAX_INT4 = 2_147_483_647;
const TYPE = /^[A-Z][A-Za-z]{1,40}$/;
const KEY = /^[A-Za-z0-9_-]{1,80}$/;

export function toGlobalId(type: string, key: number | string): string {
  return Buffer.from(`${type}:${key}`, 'utf8').toString('base64url');
}

/** The type and key a global id names; null for anything that is not one. */
export function fromGlobalId(id: string): { type: string; key: string } | null {
  if (typeof id !== 'string' || id.length === 0 || id.length > 160 || !/^[A-Za-z0-9_-]+$/.test(id)) return null;
  const text = Buffer.from(id, 'base64url').toString('utf8');
  const at = text.indexOf(':');
  if (at < 0) return null;
  const type = text.slice(0, at);
  const key = text.slice(at + 1);
  if (!TYPE.test(type) || !KEY.test(key) || toGlobalId(type, key) !== id) return null;
  return { type, key };
}

/** A key as the integer id it names (1 to 2^31-1); null otherwise. */
export function integerKey(key: string): number | null {
  if (!/^\d{1,10}$/.test(key)) return null;
  const n = Number(key);
  return n >= 1 && n <= MAX_INT4 ? n : null;
}

/**
 * An ID argument naming an object of `type` as its integer id: the type's global id, or the v1
 * integer id. invalid_parameter otherwise (a global id of another type included).
 */
export function parseNodeId(value: string | number, type: string, param = 'id'): number {
  const id = typeof value === 'number' ? (Number.isSafeInteger(value) ? integerKey(String(value)) : null) : integerKey(value);
  if (id !== null) return id;
  const global = typeof value === 'string' ? fromGlobalId(value) : null;
  const key = global && global.type === type ? integerKey(global.key) : null;
  if (key === null) throw new AppError('invalid_parameter', `${param}: not an id of a ${type}`, { param });
  return key;
}

/** A string-keyed argument (a delivery's dlv_… id): the type's global id or the key itself. */
export function parseNodeKey(value: string, type: string): string {
  const global = fromGlobalId(value);
  return global && global.type === type ? global.key : value;
}
