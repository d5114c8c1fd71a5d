import { describe, expect, it } from "vitest";
import { type OAuthClient, redirectAllowed } from "./clients";

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
