import { createPkce } from "@tsp/sdk";

/** Where the PKCE verifier waits during the sign-in round trip: this tab only, gone with it. */
export const VERIFIER_KEY = "tsp-console-pkce-verifier";

/**
 * A new PKCE pair (RFC 7636, S256) for the next sign-in: the verifier is kept in
 * sessionStorage, the challenge goes to the authorize page. A new sign-in replaces it.
 */
export async function newChallenge(storage: Storage = sessionStorage): Promise<string> {
  const pair = await createPkce();
  storage.setItem(VERIFIER_KEY, pair.verifier);
  return pair.challenge;
}

/** Takes (and forgets) the verifier for the code exchange; null when this tab did not start a sign-in. */
export function takeVerifier(storage: Storage = sessionStorage): string | null {
  const verifier = storage.getItem(VERIFIER_KEY);
  storage.removeItem(VERIFIER_KEY);
  return verifier;
}
