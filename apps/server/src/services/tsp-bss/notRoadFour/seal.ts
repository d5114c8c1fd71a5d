import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import type { Secrets } from "../../../platform/secrets";

/**
 * Credentials kept encrypted at rest: AES-256-GCM under a key derived from the server's HMAC
 * secret for this one purpose (so the key lives where the server's other secrets live, in
 * app_meta, and is never a column next to the data). Stored as base64 of iv (12) · tag (16) ·
 * ciphertext. Only the forwarder needs `unseal`; no call answers it.
 */
const keyOf = (secrets: Secrets) =>
  Buffer.from(secrets.sign("nr4-forward-platform-credential", "aes-256-gcm v1"), "base64url");

/** `iv` only for the seed (deterministic demo rows); every call seals with a fresh random one. */
export function seal(secrets: Secrets, clear: string, iv: Buffer = randomBytes(12)): string {
  const cipher = createCipheriv("aes-256-gcm", keyOf(secrets), iv);
  const body = Buffer.concat([cipher.update(clear, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64");
}

/** The clear text of `sealed`, or null when it was not sealed by this server (or was altered). */
export function unseal(secrets: Secrets, sealed: string): string | null {
  try {
    const bytes = Buffer.from(sealed, "base64");
    const decipher = createDecipheriv("aes-256-gcm", keyOf(secrets), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
