import { randomBytes, scryptSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashPassword, MSG_PASSWORD_POLICY, passwordPolicyProblem, verifyPassword } from "./passwords";

describe("scrypt password hashes", () => {
  it("verifies the right password only, with a fresh salt per hash", async () => {
    const a = await hashPassword("Admin@123456");
    const b = await hashPassword("Admin@123456");
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword("Admin@123456", a)).toBe(true);
    expect(await verifyPassword("admin@123456", a)).toBe(false);
    expect(await verifyPassword("Admin@123456", "md5$whatever")).toBe(false);
  });

  it("answers false, without throwing, for a stored hash missing any part (found by mutation testing)", async () => {
    const good = await hashPassword("Admin@123456");
    const [, n, r, p, salt, hash] = good.split("$");
    for (const stored of [
      `scrypt$$${r}$${p}$${salt}$${hash}`,
      `scrypt$${n}$$${p}$${salt}$${hash}`,
      `scrypt$${n}$${r}$$${salt}$${hash}`,
      `scrypt$${n}$${r}$${p}$$${hash}`,
      `scrypt$${n}$${r}$${p}$${salt}$`,
      `scrypt$${n}$${r}$${p}$${salt}`,
    ])
      expect(await verifyPassword("Admin@123456", stored), stored).toBe(false);
  });

  // Found by mutation testing: with the cost left out, scrypt's defaults equal today's cost, so
  // only a hash stored with other parameters shows that they are read from the hash.
  it("verifies a hash stored with other cost parameters and key length, read from the hash itself", async () => {
    const salt = randomBytes(16);
    const hash = scryptSync("Admin@123456", salt, 64, { N: 1024, r: 4, p: 2 });
    const stored = ["scrypt", 1024, 4, 2, salt.toString("base64"), hash.toString("base64")].join("$");
    expect(await verifyPassword("Admin@123456", stored)).toBe(true);
    expect(await verifyPassword("Admin@123457", stored)).toBe(false);
    // Found by mutation testing: the same parts under another scheme's name are not scrypt's.
    expect(await verifyPassword("Admin@123456", stored.replace(/^scrypt/, "bcrypt"))).toBe(false);
  });
});

describe("the new-password policy (8–32 characters, three of four classes)", () => {
  // The spec's message (openapi modifyPassword), written out so a wrong text in the server
  // cannot move the cases below along with it (found by mutation testing).
  it("refuses with the contract's message", () => {
    expect(MSG_PASSWORD_POLICY).toBe("新密码须为8-32位，且包含大写字母、小写字母、数字、特殊字符中的至少三类");
  });

  it.each([
    ["Better@2025", null],
    ["Bet@2025", null],
    [`Aa1${"x".repeat(29)}`, null],
    ["UPPER12345", MSG_PASSWORD_POLICY],
    ["UpperLower", MSG_PASSWORD_POLICY],
    ["better2025!", null],
    ["BETTERbetter1", null],
    ["short1A", MSG_PASSWORD_POLICY],
    ["alllowercase", MSG_PASSWORD_POLICY],
    ["lower123456", MSG_PASSWORD_POLICY],
    [`Aa1${"x".repeat(30)}`, MSG_PASSWORD_POLICY],
  ])("%s", (password, expected) => {
    expect(passwordPolicyProblem(password)).toBe(expected);
  });
});
