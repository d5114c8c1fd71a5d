import * as crypto from "node:crypto";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type OpenedDatabase, openDatabase } from "../db/database";
import { up as createAppMeta } from "../db/migrations/0001_app_meta";
import { Secrets } from "./secrets";

describe("Secrets.load", () => {
  let opened: OpenedDatabase;
  beforeAll(async () => {
    opened = await openDatabase({ dataDir: "memory://" });
    await createAppMeta(opened.db as Kysely<unknown>);
  });
  afterAll(() => opened.close());

  it("makes the keys on a new database and reads them back on the next start without making a key pair", async () => {
    // A real key, made through a spy so the test sees whether a start made one.
    const keygen = vi.fn(() =>
      crypto
        .generateKeyPairSync("rsa", { modulusLength: 2048 })
        .privateKey.export({ type: "pkcs8", format: "pem" })
        .toString(),
    );
    const first = await Secrets.load(opened.db, keygen);
    expect(keygen).toHaveBeenCalledTimes(1);

    const second = await Secrets.load(opened.db, keygen);
    // A restart (issue 21): the stored RSA key and HMAC key are used, no new pair is generated.
    expect(keygen).toHaveBeenCalledTimes(1);
    expect(second.publicKeySpki).toBe(first.publicKeySpki);
    expect(second.sign("p", "data")).toBe(first.sign("p", "data"));
    const rows = await opened.db.selectFrom("app_meta").select("key").execute();
    expect(rows.map((r) => r.key).toSorted()).toEqual(["secret:hmac", "secret:rsa"]);
  });

  it("decrypts with the stored key what was encrypted with the published public key", async () => {
    const secrets = await Secrets.load(opened.db);
    const publicKey = crypto.createPublicKey({
      key: Buffer.from(secrets.publicKeySpki, "base64"),
      format: "der",
      type: "spki",
    });
    const cipher = crypto.publicEncrypt(
      { key: publicKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
      Buffer.from("Admin@123456"),
    );
    expect(secrets.decrypt(cipher.toString("base64"))).toBe("Admin@123456");
  });
});
