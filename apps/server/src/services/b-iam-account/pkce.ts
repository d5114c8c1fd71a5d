import { createHash } from "node:crypto";

/** RFC 7636 §4.1/§4.2: verifier and S256 challenge are 43–128 unreserved characters. */
const PKCE_VALUE = /^[A-Za-z0-9\-._~]{43,128}$/;

/** The only method accepted: `plain` would hand the verifier to whoever sees the authorize URL. */
export const PKCE_METHODS = ["S256"] as const;

/** Whether a code_challenge has the shape of an S256 challenge. */
export const isPkceValue = (value: string) => PKCE_VALUE.test(value);

/** BASE64URL(SHA256(ASCII(code_verifier))) (RFC 7636 §4.2). */
export const s256 = (verifier: string) => createHash("sha256").update(verifier, "ascii").digest("base64url");

/**
 * Why the authorize request's PKCE parameters are refused, or null when they are acceptable:
 * S256 only, a well-formed challenge, and one at all when the client must use PKCE.
 */
export function pkceProblem(
  challenge: string | undefined,
  method: string | undefined,
  required: boolean,
): string | null {
  if (challenge === undefined || challenge === "") {
    if (method !== undefined && method !== "") return "提供了 code_challenge_method 却缺少 code_challenge";
    return required ? "该客户端必须使用 PKCE（code_challenge，S256）" : null;
  }
  // RFC 7636 §4.3 defaults a missing method to "plain", which is refused.
  if (method !== "S256") return "仅支持 code_challenge_method=S256";
  if (!isPkceValue(challenge)) return "code_challenge 格式不正确";
  return null;
}
