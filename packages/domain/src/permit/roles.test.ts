import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  MSG_PERMIT_DATA_SCOPE,
  MSG_PERMIT_ROLE_CODE,
  menusOutsideTenant,
  msgPermitMenusNotAllowed,
  msgPermitRoleCodeTaken,
  msgPermitRoleInUse,
  msgPermitUnknownMenus,
  PermitRoleEditSchema,
  widestDataScope,
} from "./roles";

describe("roles", () => {
  const good = { code: "ops_viewer", name: "只读", dataScope: "org", menuIds: [1, 2] };
  it("accepts a role and refuses a bad code or scope", () => {
    expect(v.safeParse(PermitRoleEditSchema, good).success).toBe(true);
    const bad = v.safeParse(PermitRoleEditSchema, { ...good, code: "9x", dataScope: "all" });
    expect(bad.success ? [] : bad.issues.map((i) => i.message)).toEqual([MSG_PERMIT_ROLE_CODE, MSG_PERMIT_DATA_SCOPE]);
  });
  it("an account's scope is the widest of its roles'", () => {
    expect(widestDataScope(["self", "tenant"])).toBe("tenant");
    expect(widestDataScope(["self", "org"])).toBe("org");
    expect(widestDataScope([])).toBe("self");
  });
  it("finds menus the tenant may not use; no restriction allows all", () => {
    expect(menusOutsideTenant([1, 2, 3], new Set([1, 3]))).toEqual([2]);
    expect(menusOutsideTenant([1, 2], null)).toEqual([]);
  });
  it("names the accounts holding a role, five at most", () => {
    expect(msgPermitRoleInUse(["a", "b"], 2)).toBe("该角色仍被2个账号使用（a、b），请先移除这些账号的该角色");
    expect(msgPermitRoleInUse(["a", "b", "c", "d", "e", "f"], 7)).toBe(
      "该角色仍被7个账号使用（a、b、c、d、e等），请先移除这些账号的该角色",
    );
  });
  it("words the other refusals", () => {
    expect(msgPermitRoleCodeTaken("x")).toBe("角色编码x已存在");
    expect(msgPermitMenusNotAllowed(["A", "B"])).toBe("本租户不能使用这些菜单：A、B");
    expect(msgPermitMenusNotAllowed(["1", "2", "3", "4", "5", "6"])).toBe("本租户不能使用这些菜单：1、2、3、4、5等6项");
    expect(msgPermitUnknownMenus(3)).toBe("有3个菜单不存在");
  });
});
