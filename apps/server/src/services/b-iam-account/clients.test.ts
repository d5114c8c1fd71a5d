import { describe, expect, it } from "vitest";
import { basicCredentials, mustUsePkce, type OAuthClient, redirectAllowed } from "./clients";

const client = {
  client_id: "tsp-console",
  name: "console",
  secret_hash: "",
  grant_types: ["authorization_code"],
  redirect_uris: ["https://tsp.example.com/"],
  allow_loopback: true,
  service_account_id: null,
  revoked_at: null,
} as OAuthClient;

describe("redirect URIs a client may be sent back to (RFC 6749 §3.1.2, RFC 8252 §7.3)", () => {
  it("accepts a registered URI and any loopback port", () => {
    expect(redirectAllowed(client, "https://tsp.example.com/")).toBe(true);
    expect(redirectAllowed(client, "http://127.0.0.1:5173/")).toBe(true);
    expect(redirectAllowed(client, "http://localhost:8080/console/")).toBe(true);
  });

  it("refuses fragments, even an empty one, on registered and loopback URIs", () => {
    expect(redirectAllowed(client, "http://127.0.0.1:5173/#fragment")).toBe(false);
    expect(redirectAllowed(client, "https://tsp.example.com/#")).toBe(false);
  });

  it("refuses other hosts, other schemes and text that is not a URL", () => {
    expect(redirectAllowed(client, "https://evil.example.com/")).toBe(false);
    expect(redirectAllowed(client, "https://tsp.example.com.evil.com/")).toBe(false);
    expect(redirectAllowed(client, "javascript:alert(1)")).toBe(false);
    expect(redirectAllowed(client, "//evil.example.com/")).toBe(false);
    expect(redirectAllowed({ ...client, allow_loopback: false }, "http://127.0.0.1:5173/")).toBe(false);
  });
});

const b64 = (s: string) => `Basic ${Buffer.from(s).toString("base64")}`;

describe("the Basic header's credentials", () => {
  it("are form-urlencoded: + is a space, %xx a byte; the secret runs from the first colon", () => {
    expect(basicCredentials(b64("my+client:a%2Bb+c:d"))).toEqual({ id: "my client", secret: "a+b c:d" });
    expect(basicCredentials(`Basic   ${Buffer.from("a:b").toString("base64")}`)).toEqual({ id: "a", secret: "b" });
    expect(basicCredentials(b64("a:"))).toEqual({ id: "a", secret: "" });
  });

  it("are null without a header, for another scheme, without an id or colon, or with a bad %-escape", () => {
    expect(basicCredentials(undefined)).toBeNull();
    expect(basicCredentials("")).toBeNull();
    expect(basicCredentials(`Bearer ${Buffer.from("a:b").toString("base64")}`)).toBeNull();
    expect(basicCredentials(`xBasic ${Buffer.from("a:b").toString("base64")}`)).toBeNull();
    expect(basicCredentials(`${b64("a:b")} trailing`)).toBeNull();
    expect(basicCredentials("Basic ")).toBeNull();
    expect(basicCredentials(b64(":secret"))).toBeNull();
    expect(basicCredentials(b64("nocolon"))).toBeNull();
    expect(basicCredentials(b64("a%E0:b"))).toBeNull();
  });
});

describe("which clients must use PKCE", () => {
  const flags = { require_pkce: false, secret_hash: "h" } as OAuthClient;
  it("those flagged, and every public client", () => {
    expect(mustUsePkce(flags)).toBe(false);
    expect(mustUsePkce({ ...flags, require_pkce: true })).toBe(true);
    expect(mustUsePkce({ ...flags, secret_hash: null })).toBe(true);
  });
});
