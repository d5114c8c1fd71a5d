import { toBase64 } from "./base64";

/** A PKCE pair (RFC 7636): the verifier stays with the client, the S256 challenge goes to the authorize page. */
export interface PkcePair {
  verifier: string;
  challenge: string;
  method: "S256";
}

const base64url = (bytes: Uint8Array) => toBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

/** BASE64URL(SHA-256(verifier)) (RFC 7636 §4.2), with WebCrypto (browsers and Node ≥ 20). */
export async function pkceChallenge(verifier: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

/** A new verifier of 32 random bytes (43 base64url characters, §4.1) and its S256 challenge. */
export async function createPkce(): Promise<PkcePair> {
  const verifier = base64url(globalThis.crypto.getRandomValues(new Uint8Array(32)));
  return { verifier, challenge: await pkceChallenge(verifier), method: "S256" };
}
