import * as v from "valibot";

/** 组织架构 (/permit/organize): the organisation tree of a tenant and its rules. */

export interface PermitOrgNode {
  id: number;
  parentId: number | null;
  name: string;
  sort: number;
}

export const MSG_PERMIT_ORG_NAME = "请输入1-32个字符的组织名称";
export const MSG_PERMIT_ORG_MOVE_INTO_ITSELF = "不能把组织移动到它自己或它的下级组织下";
export const MSG_PERMIT_ORG_ROOT = "顶级组织不能移动到其他组织下，也不能删除";
export const msgPermitOrgNameTaken = (name: string) => `同一上级下已有组织${name}`;
export const msgPermitOrgInUse = (children: number, accounts: number) => {
  const parts = [children > 0 ? `${children}个下级组织` : "", accounts > 0 ? `${accounts}个账号` : ""].filter(Boolean);
  return `该组织下还有${parts.join("和")}，请先移走后再删除`;
};

export const PermitOrgNameSchema = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, MSG_PERMIT_ORG_NAME),
  v.maxLength(32, MSG_PERMIT_ORG_NAME),
);

/** The ids of `rootId` and every organisation below it (the "own organisation and below" scope). */
export function permitOrgSubtree(nodes: readonly Pick<PermitOrgNode, "id" | "parentId">[], rootId: number): number[] {
  const out = [rootId];
  for (let i = 0; i < out.length; i++) {
    for (const n of nodes) if (n.parentId === out[i] && !out.includes(n.id)) out.push(n.id);
  }
  return out;
}

/** Why `orgId` cannot move under `parentId` (null when it can). */
export function permitOrgMoveProblem(
  nodes: readonly Pick<PermitOrgNode, "id" | "parentId">[],
  orgId: number,
  parentId: number | null,
): string | null {
  const node = nodes.find((n) => n.id === orgId);
  if (node?.parentId === null && parentId !== null) return MSG_PERMIT_ORG_ROOT;
  if (parentId !== null && permitOrgSubtree(nodes, orgId).includes(parentId)) return MSG_PERMIT_ORG_MOVE_INTO_ITSELF;
  return null;
}

/** Why an organisation cannot be deleted (null when it can). */
export function permitOrgDeleteProblem(isRoot: boolean, children: number, accounts: number): string | null {
  if (isRoot) return MSG_PERMIT_ORG_ROOT;
  if (children > 0 || accounts > 0) return msgPermitOrgInUse(children, accounts);
  return null;
}

/** A node with its depth, in tree order (parents before children, siblings by sort then name). */
export interface PermitOrgRow extends PermitOrgNode {
  depth: number;
  /** The names from the root down to this node, e.g. 运营中心 / 车辆运营部. */
  path: string;
}

/** The flat nodes as tree rows (for an indented list and a 移动到 select). Orphans start their own tree. */
export function permitOrgRows(nodes: readonly PermitOrgNode[]): PermitOrgRow[] {
  const ids = new Set(nodes.map((n) => n.id));
  const byParent = (parentId: number | null) =>
    nodes
      .filter((n) => (parentId === null ? n.parentId === null || !ids.has(n.parentId) : n.parentId === parentId))
      .toSorted((a, b) => a.sort - b.sort || a.name.localeCompare(b.name, "zh-CN") || a.id - b.id);
  const out: PermitOrgRow[] = [];
  const walk = (parentId: number | null, depth: number, prefix: string) => {
    for (const n of byParent(parentId)) {
      const path = prefix ? `${prefix} / ${n.name}` : n.name;
      out.push({ ...n, depth, path });
      walk(n.id, depth + 1, path);
    }
  };
  walk(null, 0, "");
  return out;
}
