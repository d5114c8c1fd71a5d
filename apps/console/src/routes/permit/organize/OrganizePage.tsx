import * as d from "@tsp/domain";
import { actionsColumn } from "@tsp/ui";
import { useState } from "react";
import * as v from "valibot";
import {
  createPermitOrg,
  deletePermitOrg,
  listPermitOrgs,
  type PermitOrg,
  updatePermitOrg,
} from "../../../api/permitAccounts";
import { useT } from "../../../i18n/i18n";
import { ListPage } from "../../../kit/ListPage";
import { DeleteButton, EditButton } from "../../../kit/RowActions";
import "../../../i18n/screens/permitAccounts";

/**
 * 组织架构 (/permit/organize): the organisation tree of the tenant (and its sub-tenants), in tree
 * order with its accounts per node (a link to 账号管理 filtered by the node) — 新增下级,
 * 重命名/移动到 (a keyboard-usable dialog choosing the new parent; never under itself or below),
 * 删除 of an empty node.
 */
const filters = d.filterCodec(v.object({ name: d.textFilter(32) }));
type Row = d.PermitOrgRow & { accountCount: number; tenantId: number };

const NameSchema = v.object({ name: d.PermitOrgNameSchema });
const MoveSchema = v.object({
  name: d.PermitOrgNameSchema,
  parentId: v.pipe(v.number(d.MSG_PERMIT_ORG), v.integer(d.MSG_PERMIT_ORG)),
});

async function load(name: string): Promise<{ list: Row[]; total: number }> {
  const orgs = await listPermitOrgs();
  const byId = new Map(orgs.map((o) => [o.orgId, o]));
  const rows = d
    .permitOrgRows(orgs.map((o) => ({ id: o.orgId, parentId: o.parentId, name: o.name, sort: o.sort })))
    .map((r) => {
      const o = byId.get(r.id) as PermitOrg;
      return { ...r, accountCount: o.accountCount, tenantId: o.tenantId };
    })
    .filter((r) => !name || r.path.includes(name));
  return { list: rows, total: rows.length };
}

/** 新增下级, 重命名/移动到 and 删除 of one node; `all` are the rows on screen (a move never goes into its own subtree). */
function OrgActions({ row, all }: { row: Row; all: readonly Row[] }) {
  const t = useT();
  const below = d.permitOrgSubtree(all, row.id);
  const parents = all
    .filter((o) => o.tenantId === row.tenantId && !below.includes(o.id))
    .map((o) => ({ value: String(o.id), label: o.path }));
  return (
    <>
      <EditButton<{ name: string }>
        op="createPermitOrg"
        label={t("permitOrg.addChild")}
        title={t("permitOrg.addTitle", { name: row.name })}
        fields={[{ key: "name", kind: "text", label: t("permitOrg.name"), required: true, maxLength: 32 }]}
        schema={NameSchema}
        initial={() => ({ name: "" })}
        save={(a) => createPermitOrg({ parentId: row.id, name: a.name })}
      />
      {row.parentId === null ? (
        <EditButton<{ name: string }>
          op="updatePermitOrg"
          label={t("permitOrg.edit")}
          title={t("permitOrg.editTitle", { name: row.name })}
          fields={[{ key: "name", kind: "text", label: t("permitOrg.name"), required: true, maxLength: 32 }]}
          schema={NameSchema}
          initial={() => ({ name: row.name })}
          // A root keeps its place: the call names itself as the parent and only the name changes.
          save={(a) => updatePermitOrg({ orgId: row.id, parentId: row.id, name: a.name })}
        />
      ) : (
        <EditButton<{ name: string; parentId: number }>
          op="updatePermitOrg"
          label={t("permitOrg.edit")}
          title={t("permitOrg.editTitle", { name: row.name })}
          fields={[
            { key: "name", kind: "text", label: t("permitOrg.name"), required: true, maxLength: 32 },
            {
              key: "parentId",
              kind: "select",
              label: t("permitOrg.parent"),
              options: parents,
              numeric: true,
              required: true,
            },
          ]}
          schema={MoveSchema}
          initial={() => ({ name: row.name, parentId: row.parentId as number })}
          save={(a) => updatePermitOrg({ orgId: row.id, parentId: a.parentId, name: a.name })}
        />
      )}
      {row.parentId !== null && (
        <DeleteButton op="deletePermitOrg" name={row.name} remove={() => deletePermitOrg(row.id)} />
      )}
    </>
  );
}
const orgActions = (all: readonly Row[]) => (row: Row) => <OrgActions row={row} all={all} />;

export default function OrganizePage() {
  const t = useT();
  // The rows on screen: a move may only name a node outside the moved one's subtree.
  const [shown, setShown] = useState<readonly Row[]>([]);
  return (
    <ListPage
      screen="permitOrg"
      title={t("permitOrg.heading")}
      filters={filters}
      paging="numbered"
      load={async ({ filters: f }) => {
        const page = await load(f.name);
        setShown(page.list);
        return page;
      }}
      search={[{ kind: "text", key: "name", label: t("permitOrg.name") }]}
      rowKey={(row) => String(row.id)}
      columns={[
        {
          key: "name",
          title: t("permitOrg.path"),
          width: 260,
          render: (r) => <span style={{ paddingLeft: r.depth * 20 }}>{r.name}</span>,
        },
        {
          key: "accountCount",
          title: t("permitOrg.accounts"),
          width: 120,
          render: (r) => (
            <a className="text-blue-600 hover:underline" href={`#/permit/account?orgId=${r.id}`}>
              {t("permitOrg.viewAccounts")} ({r.accountCount})
            </a>
          ),
        },
        actionsColumn<Row>(t("kit.actions"), orgActions(shown), 260),
      ]}
    />
  );
}
