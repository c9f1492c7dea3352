// The small cryptography of ownership proofs: random tokens, hashes, HMAC signatures and sealed values.
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** A fresh random token (256 bits), URL-safe. */
export const randomToken = () => randomBytes(32).toString("base64url");

/** SHA-256 in hex: how random tokens are stored (a leaked table gives no usable token). */
export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

export const hmac = (secret: string, value: string) => createHmac("sha256", secret).update(value).digest("base64url");

/** Constant-time comparison of two strings. */
export function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const sealKey = (secret: string) => createHmac("sha256", secret).update("freshfold:seal:v1").digest();

/** AES-256-GCM under a key derived from the server secret: for a value that must wait in the database (the outbox). */
export function seal(secret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealKey(secret), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString("base64url")).join(".");
}

/** The sealed value, or null when it was not sealed with this secret or was tampered with. */
export function unseal(secret: string, sealed: string): string | null {
  const [iv, tag, body] = sealed.split(".").map((part) => Buffer.from(part, "base64url"));
  if (!iv || !tag || !body || iv.length !== 12 || tag.length !== 16) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", sealKey(secret), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
