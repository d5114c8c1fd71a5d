import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  MSG_PERMIT_ORG_MOVE_INTO_ITSELF,
  MSG_PERMIT_ORG_NAME,
  MSG_PERMIT_ORG_ROOT,
  msgPermitOrgNameTaken,
  PermitOrgNameSchema,
  permitOrgDeleteProblem,
  permitOrgMoveProblem,
  permitOrgRows,
  permitOrgSubtree,
} from "./organisations";

const nodes = [
  { id: 1, parentId: null, name: "运营中心", sort: 0 },
  { id: 3, parentId: 1, name: "客户服务部", sort: 2 },
  { id: 2, parentId: 1, name: "车辆运营部", sort: 1 },
  { id: 4, parentId: 2, name: "一组", sort: 0 },
  { id: 5, parentId: 2, name: "二组", sort: 0 },
  { id: 9, parentId: 77, name: "孤儿", sort: 0 },
];

describe("organisation tree", () => {
  it("finds a node's subtree", () => {
    expect(permitOrgSubtree(nodes, 2).toSorted()).toEqual([2, 4, 5]);
    expect(permitOrgSubtree(nodes, 3)).toEqual([3]);
  });
  it("lists the tree in order with depth and path; siblings of one sort by name in pinyin order; orphans start their own tree", () => {
    expect(permitOrgRows(nodes).map((r) => `${r.depth}:${r.path}`)).toEqual([
      "0:孤儿",
      "0:运营中心",
      "1:运营中心 / 车辆运营部",
      "2:运营中心 / 车辆运营部 / 二组",
      "2:运营中心 / 车辆运营部 / 一组",
      "1:运营中心 / 客户服务部",
    ]);
  });
  it("sorts siblings of the same sort and name by id", () => {
    const twins = [
      { id: 8, parentId: null, name: "甲", sort: 0 },
      { id: 7, parentId: null, name: "甲", sort: 0 },
    ];
    expect(permitOrgRows(twins).map((r) => r.id)).toEqual([7, 8]);
  });
  it("refuses moving under itself or below, and moving the root", () => {
    expect(permitOrgMoveProblem(nodes, 2, 4)).toBe(MSG_PERMIT_ORG_MOVE_INTO_ITSELF);
    expect(permitOrgMoveProblem(nodes, 2, 2)).toBe(MSG_PERMIT_ORG_MOVE_INTO_ITSELF);
    expect(permitOrgMoveProblem(nodes, 1, 3)).toBe(MSG_PERMIT_ORG_ROOT);
    expect(permitOrgMoveProblem(nodes, 4, 3)).toBeNull();
    expect(permitOrgMoveProblem(nodes, 4, null)).toBeNull();
  });
  it("refuses deleting the root or a node with children or accounts, naming what is left", () => {
    expect(permitOrgDeleteProblem(true, 0, 0)).toBe(MSG_PERMIT_ORG_ROOT);
    expect(permitOrgDeleteProblem(false, 2, 3)).toBe("该组织下还有2个下级组织和3个账号，请先移走后再删除");
    expect(permitOrgDeleteProblem(false, 0, 1)).toBe("该组织下还有1个账号，请先移走后再删除");
    expect(permitOrgDeleteProblem(false, 1, 0)).toBe("该组织下还有1个下级组织，请先移走后再删除");
    expect(permitOrgDeleteProblem(false, 0, 0)).toBeNull();
  });
  it("checks a name", () => {
    expect(v.safeParse(PermitOrgNameSchema, " 三组 ").success).toBe(true);
    const bad = v.safeParse(PermitOrgNameSchema, "  ");
    expect(bad.success ? "" : bad.issues[0]?.message).toBe(MSG_PERMIT_ORG_NAME);
    expect(msgPermitOrgNameTaken("一组")).toBe("同一上级下已有组织一组");
  });
});
