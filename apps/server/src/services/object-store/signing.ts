import type { AppContext } from "../../context";
import type { Secrets } from "../../platform/secrets";

/** The access key id the reference server signs with (openapi object-store: `AccessKeyId`). */
export const ACCESS_KEY_ID = "tsp-console";
/** Folder of stored objects in URLs. */
export const OBJECT_PATH_PREFIX = "/obs/";
/** Default life of a signed URL. */
export const SIGNED_URL_TTL_SECONDS = 15 * 60;

export type ObjectAcl = "private" | "public-read";

/**
 * The string a signature covers (openapi object-store.yaml): METHOD, path, content type,
 * expiry — when the signer capped the size, `MaxSize` on a further line, so a URL handed out
 * for a 2 MB upload cannot carry 200 MB — and, for an upload signed private, the line
 * `x-obs-acl:private` (its URL carries `Acl=private`), so the uploader cannot store as
 * public-read what the signer meant to keep private (the `x-obs-acl` header alone is the
 * uploader's word). Only this server verifies signatures, so the extra lines change nothing
 * for clients, who use the URL as given.
 */
export const stringToSign = (
  method: "PUT" | "GET",
  key: string,
  contentType: string,
  expires: number,
  maxSize?: number,
  acl: ObjectAcl = "public-read",
) =>
  `${method}\n${OBJECT_PATH_PREFIX}${key}\n${contentType}\n${expires}${maxSize === undefined ? "" : `\n${maxSize}`}${
    acl === "private" ? "\nx-obs-acl:private" : ""
  }`;

/**
 * Signature = base64url(HMAC-SHA256(secret of AccessKeyId, stringToSign)). The secret of an
 * access key is derived from the server's HMAC key and the key id, so each id signs apart.
 */
export function objectSignature(secrets: Secrets, accessKeyId: string, toSign: string): string {
  return secrets.sign(`obs:${accessKeyId}`, toSign);
}

/** Whether a signed request is valid now: known key id, not expired, signature matches. */
export function verifyObjectSignature(
  secrets: Secrets,
  q: { AccessKeyId?: unknown; Expires?: unknown; Signature?: unknown; MaxSize?: unknown; Acl?: unknown },
  method: "PUT" | "GET",
  key: string,
  contentType: string,
  nowMs: number,
): boolean {
  if (q.AccessKeyId !== ACCESS_KEY_ID || typeof q.Expires !== "number" || typeof q.Signature !== "string") return false;
  if (q.Expires * 1000 <= nowMs) return false;
  const maxSize = maxSizeOf(q);
  if (maxSize === null) return false;
  const acl = signedAclOf(q);
  if (acl === null || (method === "GET" && q.Acl !== undefined)) return false;
  return secrets.verify(
    `obs:${ACCESS_KEY_ID}`,
    stringToSign(method, key, contentType, q.Expires, maxSize, acl),
    q.Signature,
  );
}

/** The access an upload URL was signed for (`Acl`): public-read when absent, null when malformed. */
export function signedAclOf(q: { Acl?: unknown }): ObjectAcl | null {
  if (q.Acl === undefined) return "public-read";
  return q.Acl === "private" ? "private" : null;
}

/**
 * The access a PUT stores: the signed one, or private when the uploader asks for it on a URL
 * signed public-read (more protection than granted harms no one). A URL signed private stays
 * private whatever the `x-obs-acl` header says.
 */
export const storedAcl = (signed: ObjectAcl, header: ObjectAcl | undefined): ObjectAcl =>
  signed === "private" || header === "private" ? "private" : "public-read";

/** The signed size cap of a URL: undefined when none, null when malformed. */
export function maxSizeOf(q: { MaxSize?: unknown }): number | undefined | null {
  if (q.MaxSize === undefined) return undefined;
  const n = Number(q.MaxSize);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** A signed URL of one method for one key (relative to the server's origin). */
export function signedObjectUrl(
  secrets: Secrets,
  method: "PUT" | "GET",
  key: string,
  contentType: string,
  expires: number,
  maxSize?: number,
  acl: ObjectAcl = "public-read",
): string {
  const signature = objectSignature(
    secrets,
    ACCESS_KEY_ID,
    stringToSign(method, key, contentType, expires, maxSize, method === "PUT" ? acl : "public-read"),
  );
  const q = new URLSearchParams({ AccessKeyId: ACCESS_KEY_ID, Expires: String(expires) });
  if (maxSize !== undefined) q.set("MaxSize", String(maxSize));
  if (method === "PUT" && acl === "private") q.set("Acl", "private");
  q.set("Signature", signature);
  return `${OBJECT_PATH_PREFIX}${encodeURIComponent(key)}?${q}`;
}

/**
 * The answer of the signing calls (openapi components `SignedUpload`): a PUT URL bound to the
 * key, content type and (optionally) a size cap in bytes, valid `ttlSeconds`, and where the
 * object will be read. For the
 * services that hand out upload URLs (transfer, comm-saas-cloud).
 */
export function createSignedUpload(
  ctx: Pick<AppContext, "secrets" | "now">,
  input: { objectKey: string; contentType: string; acl?: ObjectAcl; ttlSeconds?: number; maxBytes?: number },
) {
  const acl = input.acl ?? "public-read";
  const expires = Math.floor(ctx.now().getTime() / 1000) + (input.ttlSeconds ?? SIGNED_URL_TTL_SECONDS);
  return {
    objectKey: input.objectKey,
    url: signedObjectUrl(ctx.secrets, "PUT", input.objectKey, input.contentType, expires, input.maxBytes, acl),
    accessURL:
      acl === "public-read"
        ? `${OBJECT_PATH_PREFIX}${encodeURIComponent(input.objectKey)}`
        : signedObjectUrl(ctx.secrets, "GET", input.objectKey, "", expires),
    contentType: input.contentType,
    acl,
    expiresAt: expires * 1000,
  };
}
