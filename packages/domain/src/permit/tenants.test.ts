import { describe, expect, it } from "vitest";
import {
  ancestorIds,
  checkTenantCreate,
  checkTenantEdit,
  MSG_TENANT_CODE,
  MSG_TENANT_DISABLE_OWN,
  MSG_TENANT_DISABLE_ROOT,
  MSG_TENANT_ENABLE_PARENT,
  MSG_TENANT_MENUS_OUTSIDE,
  MSG_TENANT_MENUS_OWN,
  MSG_TENANT_NAME,
  MSG_TENANT_NOT_FOUND,
  MSG_TENANT_PARENT,
  MSG_TENANT_REMARK,
  subtreeIds,
  type TenantLink,
  tenantMenusRefusal,
  tenantStatusRefusal,
  tenantTree,
} from "./tenants";

// 1 (root) ─ 2 ─ 4
//          └ 3 (disabled) ─ 5 ; 6 another root; 7 ↔ 8 a broken loop
const TENANTS: TenantLink[] = [
  { id: 1, parentId: null, status: "active" },
  { id: 2, parentId: 1, status: "active" },
  { id: 3, parentId: 1, status: "disabled" },
  { id: 4, parentId: 2, status: "active" },
  { id: 5, parentId: 3, status: "disabled" },
  { id: 6, parentId: null, status: "active" },
  { id: 7, parentId: 8 },
  { id: 8, parentId: 7 },
];

describe("tenant forms", () => {
  it("accepts a code (upper-cased), a name and an optional remark", () => {
    expect(checkTenantCreate({ parentId: 1, code: " t0100 ", name: " 华东运营 " })).toEqual({
      ok: true,
      value: { parentId: 1, code: "T0100", name: "华东运营", remark: "" },
    });
    expect(checkTenantEdit({ name: "华东", remark: "备注" })).toEqual({
      ok: true,
      value: { name: "华东", remark: "备注" },
    });
  });
  it("names every problem by field", () => {
    const r = checkTenantCreate({ parentId: null, code: "1x", name: "a", remark: "x".repeat(201) });
    expect(r).toEqual({
      ok: false,
      error: [
        { field: "parentId", msg: MSG_TENANT_PARENT },
        { field: "name", msg: MSG_TENANT_NAME },
        { field: "remark", msg: MSG_TENANT_REMARK },
        { field: "code", msg: MSG_TENANT_CODE },
      ],
    });
    expect(checkTenantEdit(null)).toMatchObject({ ok: false, error: [{ field: "" }] });
  });
});

describe("tenant tree", () => {
  it("walks a subtree and the ancestors, surviving a loop", () => {
    expect(subtreeIds(TENANTS, 1)).toEqual([1, 2, 3, 4, 5]);
    expect(subtreeIds(TENANTS, 4)).toEqual([4]);
    expect(subtreeIds(TENANTS, 7)).toEqual([7, 8]);
    expect(ancestorIds(TENANTS, 4)).toEqual([2, 1]);
    expect(ancestorIds(TENANTS, 1)).toEqual([]);
    expect(ancestorIds(TENANTS, 7)).toEqual([8, 7]);
    expect(ancestorIds(TENANTS, 99)).toEqual([]);
  });
  it("builds trees under the roots asked for", () => {
    const [root] = tenantTree(TENANTS, [1, 99]);
    expect(root?.children.map((c) => c.id)).toEqual([2, 3]);
    expect(root?.children[0]?.children.map((c) => c.id)).toEqual([4]);
    expect(tenantTree(TENANTS, [7])[0]?.children[0]?.children).toEqual([]);
  });
});

describe("guard rails", () => {
  it("never disables one's own tenant, an ancestor or a root", () => {
    expect(tenantStatusRefusal(TENANTS, 4, 4, "disabled")).toBe(MSG_TENANT_DISABLE_OWN);
    expect(tenantStatusRefusal(TENANTS, 4, 2, "disabled")).toBe(MSG_TENANT_DISABLE_OWN);
    expect(tenantStatusRefusal(TENANTS, 1, 1, "disabled")).toBe(MSG_TENANT_DISABLE_ROOT);
    expect(tenantStatusRefusal(TENANTS, 1, 2, "disabled")).toBeNull();
    expect(tenantStatusRefusal(TENANTS, 1, 99, "disabled")).toBe(MSG_TENANT_NOT_FOUND);
  });
  it("enables a tenant only while its parent is enabled", () => {
    expect(tenantStatusRefusal(TENANTS, 1, 5, "active")).toBe(MSG_TENANT_ENABLE_PARENT);
    expect(tenantStatusRefusal(TENANTS, 1, 3, "active")).toBeNull();
    expect(tenantStatusRefusal(TENANTS, 1, 1, "active")).toBeNull();
  });
  it("sets a tenant's menus only from above and within the parent's", () => {
    expect(tenantMenusRefusal(TENANTS, 1, 2, [1, 2], null)).toBeNull();
    expect(tenantMenusRefusal(TENANTS, 1, 4, [1, 2], new Set([1, 2, 3]))).toBeNull();
    expect(tenantMenusRefusal(TENANTS, 1, 4, [1, 9], new Set([1, 2, 3]))).toBe(MSG_TENANT_MENUS_OUTSIDE);
    expect(tenantMenusRefusal(TENANTS, 2, 2, [], null)).toBe(MSG_TENANT_MENUS_OWN);
    expect(tenantMenusRefusal(TENANTS, 4, 1, [], null)).toBe(MSG_TENANT_MENUS_OWN);
    expect(tenantMenusRefusal(TENANTS, 1, 99, [], null)).toBe(MSG_TENANT_NOT_FOUND);
  });
});
