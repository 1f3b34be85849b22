import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCb) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;
const KEY_LENGTH = 64;

// DESIGN §1: node:crypto scrypt with a per-user salt; stored as "salt:hash" in hex.
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, KEY_LENGTH);
  return `${salt.toString('hex')}:${hash.toString('hex')}`;
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  // Without a stored hash still spend the same work, so timing does not reveal which e-mails exist.
  const [saltHex, hashHex] = (stored ?? `${'0'.repeat(32)}:${'0'.repeat(KEY_LENGTH * 2)}`).split(':');
  const expected = Buffer.from(hashHex ?? '', 'hex');
  const actual = await scrypt(password, Buffer.from(saltHex ?? '', 'hex'), KEY_LENGTH);
  return stored != null && expected.length === actual.length && timingSafeEqual(expected, actual);
}
