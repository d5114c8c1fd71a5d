import { fromBase64, toBase64 } from "./base64";
import type { TspCore } from "./client";
import { ValueTooLongError } from "./errors";
import { unwrap } from "./paging";

/** Path of the public key (openapi/b-iam-account.yaml, getPubKey). */
export const PUB_KEY_PATH = "/b-iam-account/v1/account/getPubKey";

/**
 * The paddings a server may expect (getPubKey's `algorithm`): RSA-OAEP with SHA-256 (the
 * reference server; WebCrypto does it natively) or PKCS#1 v1.5 (what consoles of this family
 * send with JSEncrypt, and so what a real IAM most likely decrypts; node-forge pads it).
 */
export type RsaScheme = "RSA-OAEP-256" | "RSA-PKCS1-v1_5";

/** The scheme used when getPubKey's answer names none (a bare key string, or no `algorithm`). */
export const DEFAULT_RSA_SCHEME: RsaScheme = "RSA-PKCS1-v1_5";

const SCHEMES: readonly RsaScheme[] = ["RSA-OAEP-256", "RSA-PKCS1-v1_5"];
const OAEP = { name: "RSA-OAEP", hash: "SHA-256" } as const;

/** A public key with the padding to use with it. */
export interface RsaPublicKey {
  spki: Uint8Array<ArrayBuffer>;
  scheme: RsaScheme;
}

/**
 * The scheme a getPubKey answer names (`algorithm`, or `scheme`), the default when it names
 * none; a name this SDK does not speak is an error rather than a silent guess.
 */
export function schemeOf(answer: unknown): RsaScheme {
  const named =
    typeof answer === "object" && answer !== null
      ? ((answer as { algorithm?: unknown; scheme?: unknown }).algorithm ?? (answer as { scheme?: unknown }).scheme)
      : undefined;
  if (named === undefined || named === null || named === "") return DEFAULT_RSA_SCHEME;
  if (SCHEMES.includes(named as RsaScheme)) return named as RsaScheme;
  throw new TypeError(`不支持的 RSA 加密方式：${String(named)}`);
}

/** Reads getPubKey's key: base64 of the DER SubjectPublicKeyInfo (PEM armour tolerated). */
export function spkiOf(spkiBase64: string): Uint8Array<ArrayBuffer> {
  return fromBase64(spkiBase64.replace(/-----[^-]+-----/g, "").replace(/\s+/g, ""));
}

/** Imports a key for RSA-OAEP SHA-256 in WebCrypto. */
export function importPublicKey(spkiBase64: string): Promise<CryptoKey> {
  return globalThis.crypto.subtle.importKey("spki", spkiOf(spkiBase64), OAEP, false, ["encrypt"]);
}

/**
 * Encrypts a UTF-8 value; answers base64 ciphertext, as the server expects it. A string key is
 * used with `scheme` (PKCS#1 v1.5 unless told otherwise, as for an answer naming none); a
 * WebCrypto key is OAEP. The most a 2048-bit key takes: 190 bytes with OAEP-SHA256
 * (256 − 2·32 − 2), 245 with PKCS#1 v1.5 (256 − 11); a password is far below either.
 */
export async function encryptValue(
  key: CryptoKey | string | RsaPublicKey,
  value: string,
  scheme: RsaScheme = DEFAULT_RSA_SCHEME,
): Promise<string> {
  const plain: Uint8Array<ArrayBuffer> = new TextEncoder().encode(value);
  if (typeof key === "object" && "spki" in key) return encryptWith(key, plain);
  if (typeof key === "string") return encryptWith({ spki: spkiOf(key), scheme }, plain);
  return encryptOaep(key, plain);
}

async function encryptWith(key: RsaPublicKey, plain: Uint8Array<ArrayBuffer>): Promise<string> {
  if (key.scheme === "RSA-OAEP-256") {
    const cryptoKey = await globalThis.crypto.subtle.importKey("spki", key.spki, OAEP, false, ["encrypt"]);
    return encryptOaep(cryptoKey, plain);
  }
  // node-forge is loaded only when a server asks for PKCS#1 v1.5: a bundler puts it in a chunk of
  // its own (~38 KB gzip), which a console talking to an OAEP server never downloads.
  const { encryptPkcs1v15, modulusBytesOf } = await import("./forgeRsa");
  const max = modulusBytesOf(key.spki) - 11;
  if (plain.length > max) throw new ValueTooLongError(plain.length, max);
  return toBase64(encryptPkcs1v15(key.spki, plain));
}

async function encryptOaep(cryptoKey: CryptoKey, plain: Uint8Array<ArrayBuffer>): Promise<string> {
  const modulusBytes = (cryptoKey.algorithm as RsaHashedKeyAlgorithm).modulusLength / 8;
  if (plain.length > modulusBytes - 66) throw new ValueTooLongError(plain.length, modulusBytes - 66);
  return toBase64(new Uint8Array(await globalThis.crypto.subtle.encrypt(OAEP, cryptoKey, plain)));
}

/**
 * An encryptor bound to a client: fetches the key and its scheme from getPubKey once, then
 * encrypts values with them. `forget()` drops the cached key (e.g. after the server answers
 * 密码解密失败 because it rotated its key).
 */
export function createEncryptor(sdk: TspCore) {
  let key: Promise<RsaPublicKey> | undefined;
  const load = async (): Promise<RsaPublicKey> => {
    const data = unwrap((await sdk.raw("GET", PUB_KEY_PATH)) as { data?: { data?: { publicKey?: string } | string } });
    if (typeof data === "string") return { spki: spkiOf(data), scheme: DEFAULT_RSA_SCHEME };
    return { spki: spkiOf(data?.publicKey ?? ""), scheme: schemeOf(data) };
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
