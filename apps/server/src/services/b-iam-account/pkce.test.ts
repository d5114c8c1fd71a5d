import { describe, expect, it } from "vitest";
import { BASIC_CHALLENGE, OAuthError, oauthCodeOfStatus } from "./oauthErrors";
import { isPkceValue, pkceProblem, s256 } from "./pkce";

const CHALLENGE = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";

describe("PKCE (RFC 7636)", () => {
  it("computes the S256 challenge of Appendix B", () => {
    expect(s256("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).toBe(CHALLENGE);
  });

  it("accepts S256 with a well-formed challenge, and no PKCE where it is not required", () => {
    expect(pkceProblem(CHALLENGE, "S256", true)).toBeNull();
    expect(pkceProblem(undefined, undefined, false)).toBeNull();
    expect(pkceProblem("", "", false)).toBeNull();
  });

  it("refuses plain (also when the method is left out, which means plain), malformed challenges, and none where required", () => {
    expect(pkceProblem(CHALLENGE, "plain", false)).toContain("S256");
    expect(pkceProblem(CHALLENGE, undefined, false)).toContain("S256");
    expect(pkceProblem("short", "S256", false)).toContain("格式不正确");
    expect(pkceProblem(`${CHALLENGE.slice(0, 42)}+`, "S256", false)).toContain("格式不正确");
    expect(pkceProblem(undefined, undefined, true)).toContain("必须使用 PKCE");
    expect(pkceProblem(undefined, "S256", false)).toContain("缺少 code_challenge");
    expect(isPkceValue("a".repeat(128))).toBe(true);
    expect(isPkceValue("a".repeat(129))).toBe(false);
  });

  it("takes 43 to 128 unreserved characters and nothing else (found by mutation testing)", () => {
    expect(isPkceValue("a".repeat(42))).toBe(false);
    expect(isPkceValue("a".repeat(43))).toBe(true);
    expect(isPkceValue(`-._~${"Az09".repeat(10)}`)).toBe(true);
    for (const bad of ["/", "+", "=", " ", "é"]) expect(isPkceValue(`${"a".repeat(43)}${bad}`)).toBe(false);
    expect(isPkceValue(`${"a".repeat(43)}\n`)).toBe(false);
  });
});

describe("OAuth error bodies (RFC 6749 §5.2)", () => {
  it("carry error and error_description with the envelope beside them; invalid_client is 401", () => {
    const grant = new OAuthError("invalid_grant", "授权码无效或已过期");
    expect(grant.status).toBe(400);
    expect(grant.toEnvelope()).toEqual({
      error: "invalid_grant",
      error_description: "授权码无效或已过期",
      code: 400,
      msg: "授权码无效或已过期",
      data: null,
    });
    const client = new OAuthError("invalid_client", "客户端认证失败");
    expect(client.status).toBe(401);
    const missing = new OAuthError("invalid_request", "请求体不正确", [{ field: "code", msg: "code：必填" }]);
    expect(missing.toEnvelope().data).toEqual({ failDetail: [{ field: "code", msg: "code：必填" }] });
  });

  // Found by mutation testing: the header's value was only seen by the contract suite.
  it("challenge a failed client authentication with Basic, a realm and UTF-8 (RFC 7617 §2, §2.1)", () => {
    expect(BASIC_CHALLENGE).toMatch(/^Basic realm="[^"]+", charset="UTF-8"$/);
  });

  it("names refusals made before the handler by their status", () => {
    expect(oauthCodeOfStatus(401)).toBe("invalid_client");
    expect(oauthCodeOfStatus(400)).toBe("invalid_request");
    expect(oauthCodeOfStatus(415)).toBe("invalid_request");
  });
});
