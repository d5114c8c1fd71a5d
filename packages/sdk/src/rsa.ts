import { fromBase64, toBase64 } from "./base64";
import type { TspCore } from "./client";
import { ValueTooLongError } from "./errors";
import { unwrap } from "./paging";

/** Path of the public key (openapi/b-iam-account.yaml, getPubKey). */
export const PUB_KEY_PATH = "/b-iam-account/v1/account/getPubKey";

/**
 * RSA-OAEP with SHA-256 on a 2048-bit key (openapi/CONVENTIONS.md): WebCrypto does it natively
 * in browsers and Node ≥ 20, so no crypto library ships. OAEP-SHA256 fits at most
 * 256 − 2·32 − 2 = 190 bytes of plaintext; a password is far below that.
 */
const ALGORITHM = { name: "RSA-OAEP", hash: "SHA-256" } as const;

/** Imports getPubKey's key: base64 of the DER SubjectPublicKeyInfo (PEM armour tolerated). */
export function importPublicKey(spkiBase64: string): Promise<CryptoKey> {
  const body = spkiBase64.replace(/-----[^-]+-----/g, "");
  return globalThis.crypto.subtle.importKey("spki", fromBase64(body), ALGORITHM, false, ["encrypt"]);
}

/** Encrypts a UTF-8 value; answers base64 ciphertext, as the server expects it. */
export async function encryptValue(key: CryptoKey | string, value: string): Promise<string> {
  const cryptoKey = typeof key === "string" ? await importPublicKey(key) : key;
  const plain = new TextEncoder().encode(value);
  const modulusBytes = (cryptoKey.algorithm as RsaHashedKeyAlgorithm).modulusLength / 8;
  if (plain.length > modulusBytes - 66) throw new ValueTooLongError(plain.length, modulusBytes - 66);
  return toBase64(new Uint8Array(await globalThis.crypto.subtle.encrypt(ALGORITHM, cryptoKey, plain)));
}

/**
 * An encryptor bound to a client: fetches the key from getPubKey once, then encrypts values
 * with it. `forget()` drops the cached key (e.g. after the server answers 密码解密失败 because it
 * rotated its key).
 */
export function createEncryptor(sdk: TspCore) {
  let key: Promise<CryptoKey> | undefined;
  const load = async () => {
    const data = unwrap((await sdk.raw("GET", PUB_KEY_PATH)) as { data?: { data?: { publicKey?: string } | string } });
    return importPublicKey(typeof data === "string" ? data : (data?.publicKey ?? ""));
  };
  return {
    encrypt(value: string): Promise<string> {
      key ??= load().catch((error: unknown) => {
        key = undefined;
        throw error;
      });
      return key.then((k) => encryptValue(k, value));
    },
    forget(): void {
      key = undefined;
    },
  };
}
