import * as d from "@tsp/domain";
import {
  actionsColumn,
  buttonClass,
  type Column,
  ConfirmDialog,
  dateTimeColumn,
  enumColumn,
  FormDialog,
  type FormField,
  useToast,
} from "@tsp/ui";
import { useState } from "react";
import * as v from "valibot";
import {
  createTenant,
  disableTenant,
  enableTenant,
  listTenantTree,
  type TenantNode,
  updateTenant,
} from "../../../api/permitTenants";
import { type Translate, useT } from "../../../i18n/i18n";
import { ListPage, useListReload } from "../../../kit/ListPage";
import { catalogueEnum } from "../../../kit/options";
import { EditButton, refusalByField } from "../../../kit/RowActions";
import { useCan } from "../../../permission/useCan";
import { TenantMenusButton } from "./TenantMenusButton";
import "../../../i18n/screens/permitTenantsLog";

/**
 * 租户管理 (/permit/tenant) and 下级租户管理 (/permit/belowTenant): the caller's tenant tree
 * (or, below, only the tenants under the caller's own), searched by code or name and state;
 * 新增 a sub-tenant, 编辑 its name, 停用 (with its subtree: its accounts are signed out) and
 * 启用, and 可用菜单 — the menus a tenant may use at all. The guard rails are the server's
 * (@tsp/domain permit/tenants); the buttons the server would refuse are not offered.
 */
const filters = d.filterCodec(
  v.object({
    keyword: d.textFilter(50),
    status: d.choiceFilter(["", ...d.TENANT_STATUSES]),
  }),
);
type Filters = v.InferOutput<typeof filters.schema>;
/** A tenant as a row: its depth in the tree, its parent's name. */
type Row = Omit<TenantNode, "children"> & { depth: number; parentName: string };

function flatten(nodes: readonly TenantNode[], depth = 0, parentName = ""): Row[] {
  return nodes.flatMap(({ children, ...t }) => [{ ...t, depth, parentName }, ...flatten(children, depth + 1, t.name)]);
}
const matches = (f: Filters) => (r: Row) =>
  (!f.keyword || `${r.code} ${r.name}`.toLowerCase().includes(f.keyword.toLowerCase())) &&
  (!f.status || r.status === f.status);

/** 停用 / 启用 after a confirm naming what follows. */
function StatusButton({ row }: { row: Row }) {
  const t = useT();
  const can = useCan();
  const toast = useToast();
  const reload = useListReload();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const disabling = row.status === "active";
  if (!can(disabling ? "disableTenant" : "enableTenant")) return null;
  const label = t(disabling ? "tenant.disable" : "tenant.enable");
  return (
    <>
      <button type="button" className={buttonClass("link")} onClick={() => setAsking(true)}>
        {label}
      </button>
      <ConfirmDialog
        open={asking}
        title={label}
        confirmText={label}
        busy={busy}
        onClose={() => setAsking(false)}
        onConfirm={async () => {
          setBusy(true);
          try {
            await (disabling ? disableTenant : enableTenant)(row.tenantId);
            toast.success(t(disabling ? "tenant.disabled" : "tenant.enabled"));
            setAsking(false);
            reload();
          } catch {
            // Toasted by the shell.
          } finally {
            setBusy(false);
          }
        }}
      >
        {t(disabling ? "tenant.disableAsk" : "tenant.enableAsk", { name: row.name })}
      </ConfirmDialog>
    </>
  );
}

type CreateValues = { parentId: number | null; code: string; name: string; remark: string };

/** 新增租户 beside the heading: under a chosen enabled tenant of the tree. */
function AddButton({ parents }: { parents: readonly Row[] }) {
  const t = useT();
  const can = useCan();
  const toast = useToast();
  const reload = useListReload();
  const [open, setOpen] = useState(false);
  if (!can("createTenant")) return null;
  const fields: FormField[] = [
    {
      key: "parentId",
      label: t("tenant.parent"),
      kind: "select",
      numeric: true,
      required: true,
      options: parents
        .filter((p) => p.status === "active")
        .map((p) => ({ value: String(p.tenantId), label: `${"　".repeat(p.depth)}${p.name}（${p.code}）` })),
    },
    { key: "code", label: t("tenant.code"), kind: "text", required: true, maxLength: d.TENANT_CODE_MAX },
    { key: "name", label: t("tenant.name"), kind: "text", required: true, maxLength: d.TENANT_NAME_MAX },
    { key: "remark", label: t("tenant.remark"), kind: "textarea", maxLength: d.TENANT_REMARK_MAX },
  ];
  return (
    <>
      <button type="button" className={buttonClass("primary")} onClick={() => setOpen(true)}>
        {t("tenant.add")}
      </button>
      {open && (
        <FormDialog<CreateValues>
          open
          title={t("tenant.add")}
          fields={fields}
          initial={{ parentId: parents[0]?.tenantId ?? null, code: "", name: "", remark: "" }}
          schema={d.TenantCreateSchema as unknown as d.RecordSchema<CreateValues>}
          onSubmit={async (values) => {
            try {
              await createTenant({
                parentId: Number(values.parentId),
                code: values.code,
                name: values.name,
                remark: values.remark,
              });
              toast.success(t("tenant.saved"));
              setOpen(false);
              reload();
              return null;
            } catch (e) {
              const refused = refusalByField(e);
              if (refused) return refused;
              throw e;
            }
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

/** The heading's 新增租户 (a render function, so the list page places it). */
const addButton = (parents: readonly Row[]) => () => <AddButton parents={parents} />;

function columns(t: Translate, scope: "all" | "below"): Column<Row>[] {
  const states = catalogueEnum(t, "tenant.status", d.TENANT_STATUSES, { active: "green", disabled: "red" });
  const nameOf = (r: Row) => `${"　".repeat(r.depth)}${r.depth > 0 ? "└ " : ""}${r.name}`;
  return [
    { key: "name", title: t("tenant.name"), width: 240, render: nameOf, text: (r) => r.name },
    { key: "code", title: t("tenant.code"), width: 120 },
    { key: "parentName", title: t("tenant.parent"), width: 180 },
    enumColumn<Row>("status", t("tenant.statusLabel"), states.badges, 90),
    {
      key: "menusRestricted",
      title: t("tenant.menus"),
      width: 110,
      render: (r) => t(r.menusRestricted ? "tenant.menusRestricted" : "tenant.menusOpen"),
    },
    { key: "remark", title: t("tenant.remark"), ellipsis: true },
    dateTimeColumn<Row>("createdAt", t("tenant.createdAt")),
    actionsColumn<Row>(
      t("kit.actions"),
      (row) => {
        // The caller's own tenant (the root of 租户管理) is neither disabled nor restricted by the caller.
        const own = scope === "all" && row.depth === 0;
        return (
          <>
            <EditButton
              op="updateTenant"
              title={`${t("kit.edit")} · ${row.name}`}
              fields={[
                { key: "code", label: t("tenant.code"), kind: "text", readOnly: true },
                { key: "name", label: t("tenant.name"), kind: "text", required: true, maxLength: d.TENANT_NAME_MAX },
                { key: "remark", label: t("tenant.remark"), kind: "textarea", maxLength: d.TENANT_REMARK_MAX },
              ]}
              initial={() => ({ code: row.code, name: row.name, remark: row.remark })}
              schema={v.object({ code: v.string(), ...d.TenantEditSchema.entries })}
              save={(values) =>
                updateTenant({
                  tenantId: row.tenantId,
                  name: values.name,
                  remark: values.remark,
                  updatedAt: row.updatedAt,
                })
              }
            />
            {!own && <StatusButton row={row} />}
            {!own && <TenantMenusButton tenantId={row.tenantId} name={row.name} />}
          </>
        );
      },
      220,
    ),
  ];
}

/** The list of one scope: `all` (租户管理) or `below` (下级租户管理). */
export function TenantList({ scope }: { scope: "all" | "below" }) {
  const t = useT();
  const [parents, setParents] = useState<Row[]>([]);
  const heading = t(scope === "all" ? "tenant.heading" : "tenant.belowHeading");
  return (
    <ListPage
      screen={scope === "all" ? "tenant" : "belowTenant"}
      title={heading}
      filters={filters}
      paging="numbered"
      load={async ({ filters: f, pageNum, pageSize, signal }) => {
        // The whole tree is one call (tens to hundreds of tenants); search and pages are on it.
        const rows = flatten(await listTenantTree(scope, signal));
        setParents(rows);
        const found = rows.filter(matches(f));
        return { list: found.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: found.length };
      }}
      titleExtra={addButton(parents)}
      search={[
        { kind: "text", key: "keyword", label: t("tenant.keyword"), placeholder: t("tenant.keywordPlaceholder") },
        {
          kind: "choice",
          key: "status",
          label: t("tenant.statusLabel"),
          options: catalogueEnum(t, "tenant.status", d.TENANT_STATUSES).options,
        },
      ]}
      emptyText={t("tenant.noRows")}
      rowKey={(row) => String(row.tenantId)}
      columns={columns(t, scope)}
    />
  );
}

export default function TenantPage() {
  return <TenantList scope="all" />;
}
