// Public identifiers made here (accounts, events, deliveries); rows with integer ids use database
// sequences.
import { randomInt } from 'node:crypto';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

function randomId(prefix: string, length: number): string {
  let id = prefix;
  for (let i = 0; i < length; i++) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}

export const newAccountId = (): string => randomId('acc_', 16);
/** A domain event's public id (unique; receivers may use it with the delivery id). */
export const newEventId = (): string => randomId('evt_', 24);
/** A webhook delivery's id: the same on every retry of one delivery (X-Service-Delivery). */
export const newDeliveryId = (): string => randomId('dlv_', 24);
