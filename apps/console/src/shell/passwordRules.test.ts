import { describe, expect, it } from "vitest";
import { passwordProblems } from "./passwordRules";

const ok = { oldPassword: "Admin@123456", newPassword: "Better#2026x", confirmPassword: "Better#2026x" };

describe("change password: old / new / confirm", () => {
  it("a good form has no problems", () => {
    expect(passwordProblems(ok)).toEqual({});
  });
  it("every field is required", () => {
    expect(passwordProblems({ oldPassword: "", newPassword: "", confirmPassword: "" })).toEqual({
      oldPassword: "password.oldRequired",
      newPassword: "password.newRequired",
      confirmPassword: "password.confirmRequired",
    });
  });
  it("the new password is 8–32 characters with three kinds of characters", () => {
    expect(passwordProblems({ ...ok, newPassword: "Ab1!", confirmPassword: "Ab1!" }).newPassword).toBe("password.rule");
    expect(passwordProblems({ ...ok, newPassword: "abcdefgh1", confirmPassword: "abcdefgh1" }).newPassword).toBe(
      "password.rule",
    );
    const long = `Aa1!${"x".repeat(29)}`;
    expect(passwordProblems({ ...ok, newPassword: long, confirmPassword: long }).newPassword).toBe("password.rule");
    expect(passwordProblems({ ...ok, newPassword: "abcdefG1", confirmPassword: "abcdefG1" })).toEqual({});
  });
  it("the new password differs from the old one, and the confirmation matches", () => {
    expect(passwordProblems({ ...ok, newPassword: ok.oldPassword, confirmPassword: ok.oldPassword }).newPassword).toBe(
      "password.same",
    );
    expect(passwordProblems({ ...ok, confirmPassword: "Better#2026y" }).confirmPassword).toBe("password.mismatch");
  });
});
