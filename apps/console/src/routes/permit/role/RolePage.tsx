import * as d from "@tsp/domain";
import { actionsColumn, buttonClass, useToast } from "@tsp/ui";
import { useEffect, useState } from "react";
import * as v from "valibot";
import {
  createPermitRole,
  deletePermitRole,
  getPermitMenuTree,
  listPermitRoles,
  type PermitMenu,
  type PermitRole as Row,
  updatePermitRole,
} from "../../../api/permitAccounts";
import { useT } from "../../../i18n/i18n";
import { ListPage, useListReload } from "../../../kit/ListPage";
import { DeleteButton } from "../../../kit/RowActions";
import { useCan } from "../../../permission/useCan";
import { RoleDialog } from "./RoleDialog";
import "../../../i18n/screens/permitAccounts";

/**
 * 角色管理 (/permit/role): the tenant's roles — search by name; 新增角色 and 编辑 on the menu and
 * button tree with the data scope; 删除 (refused while accounts hold the role, naming them).
 * A change reaches every holder on their next request, without signing in again.
 */
const filters = d.filterCodec(v.object({ name: d.textFilter(32) }));

/** Opens the role form (new when `row` is absent) with the call's permission. */
function RoleButton({ row, menus }: { row?: Row; menus: readonly PermitMenu[] }) {
  const t = useT();
  const can = useCan();
  const toast = useToast();
  const reload = useListReload();
  const [open, setOpen] = useState(false);
  if (!can(row ? "updatePermitRole" : "createPermitRole")) return null;
  const title = row ? `${t("permitRole.edit")} · ${row.name}` : t("permitRole.add");
  return (
    <>
      <button
        type="button"
        className={buttonClass(row ? "link" : "primary")}
        disabled={menus.length === 0}
        onClick={() => setOpen(true)}
      >
        {row ? t("kit.edit") : t("permitRole.add")}
      </button>
      {open && (
        <RoleDialog
          title={title}
          menus={menus}
          isNew={!row}
          initial={
            row
              ? { code: row.code, name: row.name, dataScope: row.dataScope, menuIds: row.menuIds }
              : { code: "", name: "", dataScope: "tenant", menuIds: [] }
          }
          onClose={() => setOpen(false)}
          onSave={async (edit) => {
            if (row)
              await updatePermitRole({
                roleId: row.roleId,
                name: edit.name,
                dataScope: edit.dataScope,
                menuIds: edit.menuIds,
              });
            else await createPermitRole(edit);
            toast.success(t("kit.saved"));
            setOpen(false);
            reload();
          }}
        />
      )}
    </>
  );
}

const addButton = (menus: readonly PermitMenu[]) => () => <RoleButton menus={menus} />;
const rowActions = (menus: readonly PermitMenu[]) => (row: Row) => (
  <>
    <RoleButton row={row} menus={menus} />
    <DeleteButton op="deletePermitRole" name={row.name} remove={() => deletePermitRole(row.roleId)} />
  </>
);

export default function RolePage() {
  const t = useT();
  const [menus, setMenus] = useState<readonly PermitMenu[]>([]);
  useEffect(() => {
    const abort = new AbortController();
    getPermitMenuTree(abort.signal).then(setMenus, () => {
      // Toasted by the shell; the role form stays closed.
    });
    return () => abort.abort();
  }, []);
  return (
    <ListPage
      screen="permitRole"
      title={t("permitRole.heading")}
      filters={filters}
      paging="numbered"
      load={({ filters: f, pageNum, pageSize, signal }) =>
        listPermitRoles({ ...(f.name ? { name: f.name } : {}), pageNum, pageSize }, signal)
      }
      titleExtra={addButton(menus)}
      search={[{ kind: "text", key: "name", label: t("permitRole.name") }]}
      rowKey={(row) => String(row.roleId)}
      columns={[
        { key: "code", title: t("permitRole.code"), width: 150 },
        { key: "name", title: t("permitRole.name"), width: 150 },
        {
          key: "dataScope",
          title: t("permitRole.dataScope"),
          width: 150,
          render: (r) => t(`permitRole.dataScope.${r.dataScope}`),
        },
        { key: "accountCount", title: t("permitRole.accounts"), width: 90 },
        {
          key: "menuIds",
          title: t("permitRole.menus"),
          width: 110,
          render: (r) => t("permitRole.menuCount", { n: r.menuIds.length }),
        },
        actionsColumn<Row>(t("kit.actions"), rowActions(menus), 140),
      ]}
    />
  );
}
