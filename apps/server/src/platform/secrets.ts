import {
  constants,
  createHmac,
  createPublicKey,
  generateKeyPairSync,
  privateDecrypt,
  randomBytes,
  timingSafeEqual,
} from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/**
 * The server's keys, created on first start and kept in `app_meta` so every process on the
 * same database (replicas, restarts) signs and decrypts alike.
 * - HMAC-SHA256 for tamper-evident values (cursor keys, signed object URLs);
 * - RSA 2048 for RSA-OAEP SHA-256 decryption of passwords (openapi/CONVENTIONS.md).
 */
export class Secrets {
  private constructor(
    private readonly hmacKey: Buffer,
    private readonly privateKeyPem: string,
    /** The public key as base64 DER SubjectPublicKeyInfo, as getPubKey answers it. */
    readonly publicKeySpki: string,
  ) {}

  /**
   * The keys of this database, made on its first start. `makeRsaKey` makes the PKCS#8 PEM of a
   * new RSA key; a parameter so a test can see whether a start made one.
   */
  static async load(db: Kysely<Database>, makeRsaKey: () => string = newRsaKeyPem): Promise<Secrets> {
    const hmac = await ensure(db, "secret:hmac", () => randomBytes(32).toString("base64"));
    const pem = await ensure(db, "secret:rsa", makeRsaKey);
    const spki = createPublicKey(pem).export({ type: "spki", format: "der" }).toString("base64");
    return new Secrets(Buffer.from(hmac, "base64"), pem, spki);
  }

  /** HMAC of `data` for one purpose (base64url); purposes never share a MAC. */
  sign(purpose: string, data: string): string {
    return createHmac("sha256", this.hmacKey).update(purpose).update("\0").update(data).digest("base64url");
  }

  /** Constant-time check of a MAC made by `sign`. */
  verify(purpose: string, data: string, mac: string): boolean {
    const expected = Buffer.from(this.sign(purpose, data));
    const given = Buffer.from(mac);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /** Decrypts base64 RSA-OAEP (SHA-256) ciphertext; null when it is not ours or not valid. */
  decrypt(base64: string): string | null {
    try {
      return privateDecrypt(
        { key: this.privateKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
        Buffer.from(base64, "base64"),
      ).toString("utf8");
    } catch {
      return null;
    }
  }
}

/** A new RSA 2048 private key as PKCS#8 PEM. */
function newRsaKeyPem(): string {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return privateKey.export({ type: "pkcs8", format: "pem" }).toString();
}

/**
 * The stored value of `key`, made and stored first when there is none. Read before making: an
 * RSA key pair costs ~0.3 s of CPU, which every start on an existing database used to pay for a
 * key the insert then discarded (issue 21: start ≤ 1 s). Two processes starting on a new database
 * at once may both make one; the insert keeps the first, and both return the stored value.
 */
async function ensure(db: Kysely<Database>, key: string, make: () => string): Promise<string> {
  const stored = await db.selectFrom("app_meta").select("value").where("key", "=", key).executeTakeFirst();
  if (stored) return stored.value;
  await db
    .insertInto("app_meta")
    .values({ key, value: make() })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const row = await db.selectFrom("app_meta").select("value").where("key", "=", key).executeTakeFirstOrThrow();
  return row.value;
}
