// Public identifiers made here (accounts); rows with integer ids use database sequences.
import { randomInt } from 'node:crypto';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

export function newAccountId(): string {
  let id = 'acc_';
  for (let i = 0; i < 16; i++) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}
