import { pkceChallenge } from "@tsp/sdk";
import { describe, expect, it } from "vitest";
import type { RuntimeConfig } from "../config/runtimeConfig";
import { newChallenge, takeVerifier, VERIFIER_KEY } from "./pkce";
import { authorizePageUrl } from "./signIn";

/** A Storage of this test only. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, v),
  };
}

describe("PKCE for the console's sign-in (RFC 7636)", () => {
  it("keeps the verifier in the tab's storage and hands out its S256 challenge", async () => {
    const storage = memoryStorage();
    const challenge = await newChallenge(storage);
    const verifier = storage.getItem(VERIFIER_KEY) ?? "";
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(challenge).toBe(await pkceChallenge(verifier));
    // A second sign-in replaces it.
    await newChallenge(storage);
    expect(storage.getItem(VERIFIER_KEY)).not.toBe(verifier);
  });

  it("gives the verifier to the code exchange once, then forgets it", async () => {
    const storage = memoryStorage();
    await newChallenge(storage);
    const verifier = storage.getItem(VERIFIER_KEY);
    expect(takeVerifier(storage)).toBe(verifier);
    expect(takeVerifier(storage)).toBeNull();
  });

  it("puts the challenge and S256 on the authorisation page address", () => {
    const config = { authorizeUrl: "/b-iam-account/oauth/authorize", clientId: "tsp-console" } as RuntimeConfig;
    const url = new URL(authorizePageUrl(config, "http://127.0.0.1:8080/#/dataHome", "CH"));
    expect(url.pathname).toBe("/b-iam-account/oauth/authorize");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: "code",
      client_id: "tsp-console",
      redirect_uri: "http://127.0.0.1:8080/",
      code_challenge: "CH",
      code_challenge_method: "S256",
    });
  });
});
