// Password authentication for the embedded database's wire server: PGlite itself trusts every
// connection, so the server asks for the password (AuthenticationCleartextPassword, over loopback
// only) before it hands the startup message to PGlite. The password is random per start and written
// only to the 0600 server.json in the 0700 data directory (src/db/embedded.ts).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** AuthenticationCleartextPassword: 'R', length 8, code 3. */
export const ASK_PASSWORD = Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 3]);

export const newWirePassword = (): string => randomBytes(24).toString('hex');

const digest = (value: Buffer | string) => createHash('sha256').update(value).digest();

/** Whether a frontend message is a PasswordMessage ('p') carrying exactly `expected`. */
export function isPassword(message: Buffer, expected: string): boolean {
  if (message[0] !== 0x70 || message.length < 6 || message[message.length - 1] !== 0) return false;
  return timingSafeEqual(digest(message.subarray(5, message.length - 1)), digest(expected));
}
