/**
 * The TOTP secret at rest (issue 25, DESIGN.md §4 "Two-factor sign-in"): AES-256-GCM with the key from
 * `TOTP_ENCRYPTION_KEY` (config.ts), a fresh 96-bit IV per encryption and the user's id as associated data, so a
 * stored secret copied onto another account's row does not decrypt. Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/** Encrypts `secret` (the Base32 TOTP key) for the account `userId`. */
export function encryptSecret(key: Buffer, userId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(userId, 'utf8'));
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** Decrypts what `encryptSecret` stored; throws when the key, the account or the text does not match. */
export function decryptSecret(key: Buffer, userId: string, stored: string): string {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('Unknown TOTP secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(userId, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
