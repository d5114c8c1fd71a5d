import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  adminGuardProblem,
  MSG_PERMIT_EMAIL,
  MSG_PERMIT_LAST_ADMIN,
  MSG_PERMIT_MOBILE,
  MSG_PERMIT_ORG,
  MSG_PERMIT_OWN_LAST_ADMIN_ROLE,
  MSG_PERMIT_ROLES,
  MSG_PERMIT_USERNAME,
  maskPermitMobile,
  msgPermitUsernameTaken,
  PermitAccountEditSchema,
  permitAccountState,
  permitActionSuspends,
  roleEditAdminProblem,
} from "./accounts";

const good = { username: "zhang.san", realName: " 张三 ", mobile: "13812345678", email: "", orgId: 2, roleIds: [5] };
const messages = (draft: unknown) => {
  const r = v.safeParse(PermitAccountEditSchema, draft);
  return r.success ? [] : r.issues.map((i) => i.message);
};

describe("account edit", () => {
  it("accepts a complete edit and trims the name", () => {
    const r = v.safeParse(PermitAccountEditSchema, good);
    expect(r.success && r.output.realName).toBe("张三");
  });
  it("names each wrong field in Chinese", () => {
    expect(messages({ ...good, username: "1abc" })).toEqual([MSG_PERMIT_USERNAME]);
    expect(messages({ ...good, username: "ab" })).toEqual([MSG_PERMIT_USERNAME]);
    expect(messages({ ...good, mobile: "12345" })).toEqual([MSG_PERMIT_MOBILE]);
    expect(messages({ ...good, email: "no-at" })).toEqual([MSG_PERMIT_EMAIL]);
    expect(messages({ ...good, orgId: 0 })).toEqual([MSG_PERMIT_ORG]);
    expect(messages({ ...good, roleIds: [] })).toEqual([MSG_PERMIT_ROLES]);
    expect(messages({ ...good, email: "a@b.cn", mobile: "" })).toEqual([]);
    expect(messages({ ...good, email: null, mobile: undefined })).toEqual([]);
  });
  it("says who already has a username", () => expect(msgPermitUsernameTaken("ops1")).toBe("账号ops1已存在"));
});

describe("account list", () => {
  it("masks a mobile number's middle four digits and leaves anything else alone", () => {
    expect(maskPermitMobile("13812345678")).toBe("138****5678");
    expect(maskPermitMobile("010-1234")).toBe("010-1234");
    expect(maskPermitMobile(null)).toBe("");
  });
  it("derives the state: disabled over locked over active", () => {
    expect(permitAccountState("disabled", 2000, 1000)).toBe("disabled");
    expect(permitAccountState("active", 2000, 1000)).toBe("locked");
    expect(permitAccountState("active", 500, 1000)).toBe("active");
    expect(permitAccountState("active", null, 1000)).toBe("active");
  });
  it("knows which actions suspend an account", () => {
    expect(permitActionSuspends("disable")).toBe(true);
    expect(permitActionSuspends("lock")).toBe(true);
    expect(permitActionSuspends("unlock")).toBe(false);
    expect(permitActionSuspends("enable")).toBe(false);
  });
});

describe("administrator guard rails", () => {
  const base = { callerId: 1, targetId: 2, adminBefore: true, adminAfter: false, tenantAdmins: 2 };
  it("lets a change through that keeps administration or concerns no administrator", () => {
    expect(adminGuardProblem({ ...base, adminAfter: true })).toBeNull();
    expect(adminGuardProblem({ ...base, adminBefore: false })).toBeNull();
    expect(adminGuardProblem(base)).toBeNull();
  });
  it("refuses removing one's own last administrating role", () => {
    expect(adminGuardProblem({ ...base, targetId: 1 })).toBe(MSG_PERMIT_OWN_LAST_ADMIN_ROLE);
  });
  it("refuses removing the tenant's last administrator", () => {
    expect(adminGuardProblem({ ...base, tenantAdmins: 1 })).toBe(MSG_PERMIT_LAST_ADMIN);
  });
  it("refuses a role edit that takes administration from the caller or from the whole tenant", () => {
    expect(roleEditAdminProblem(true, 3)).toBe(MSG_PERMIT_OWN_LAST_ADMIN_ROLE);
    expect(roleEditAdminProblem(false, 0)).toBe(MSG_PERMIT_LAST_ADMIN);
    expect(roleEditAdminProblem(false, 1)).toBeNull();
  });
});
