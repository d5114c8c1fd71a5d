import * as d from "@tsp/domain";
import { actionsColumn } from "@tsp/ui";
import * as v from "valibot";
import { getPermitMenuTree, type PermitMenu, updatePermitMenu } from "../../../api/permitAccounts";
import { useT } from "../../../i18n/i18n";
import { ListPage } from "../../../kit/ListPage";
import { catalogueEnum } from "../../../kit/options";
import { EditButton } from "../../../kit/RowActions";
import "../../../i18n/screens/permitAccounts";

/**
 * 菜单管理 (/permit/menu): the menu and button tree (menus from the route table, buttons from the
 * `x-permission`s of the contract) in tree order — search by title or path, 编辑 of a menu's
 * title, order, hidden flag and icon (the platform tenant's accounts only; the server says so).
 */
const filters = d.filterCodec(v.object({ keyword: d.textFilter(60), kind: d.choiceFilter(["menu", "button"]) }));
type Row = d.PermitMenuRow;
const toNode = (m: PermitMenu) => ({ ...m, id: m.menuId });

/** 编辑 of one menu (with the update call's permission; the server allows the platform tenant only). */
function MenuEdit({ row }: { row: Row }) {
  const t = useT();
  return (
    <EditButton<d.PermitMenuEdit>
      op="updatePermitMenu"
      title={`${t("permitMenu.edit")} · ${row.api}`}
      fields={[
        { key: "title", kind: "text", label: t("permitMenu.title"), required: true, maxLength: 32 },
        { key: "order", kind: "number", label: t("permitMenu.order"), required: true },
        { key: "hidden", kind: "checkbox", label: t("permitMenu.hidden") },
        { key: "icon", kind: "text", label: t("permitMenu.icon"), maxLength: 40 },
      ]}
      schema={d.PermitMenuEditSchema}
      initial={() => ({ title: row.title, order: row.order, hidden: row.hidden, icon: row.icon })}
      save={(a) => updatePermitMenu({ menuId: row.id, ...a, icon: a.icon ?? "" })}
    />
  );
}
const menuActions = (row: Row) => <MenuEdit row={row} />;

export default function MenuPage() {
  const t = useT();
  const kinds = catalogueEnum(t, "permitMenu.kind", ["menu", "button"], { menu: "blue", button: "gray" });
  return (
    <ListPage
      screen="permitMenu"
      title={t("permitMenu.heading")}
      filters={filters}
      paging="numbered"
      load={async ({ filters: f, pageNum, pageSize, signal }) => {
        const rows = d
          .permitMenuRows((await getPermitMenuTree(signal)).map(toNode))
          .filter(
            (r) =>
              (!f.kind || r.kind === f.kind) &&
              (!f.keyword || r.title.includes(f.keyword) || r.api.includes(f.keyword)),
          );
        return { list: rows.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: rows.length };
      }}
      search={[
        { kind: "text", key: "keyword", label: t("permitMenu.keyword") },
        { kind: "choice", key: "kind", label: t("permitMenu.kind"), options: kinds.options },
      ]}
      rowKey={(row) => String(row.id)}
      columns={[
        {
          key: "title",
          title: t("permitMenu.title"),
          width: 220,
          render: (r) => <span style={{ paddingLeft: r.depth * 16 }}>{r.title}</span>,
        },
        { key: "api", title: t("permitMenu.api"), width: 280 },
        { key: "kind", title: t("permitMenu.kind"), width: 80, render: (r) => kinds.badges[r.kind]?.label ?? r.kind },
        { key: "order", title: t("permitMenu.order"), width: 70 },
        {
          key: "hidden",
          title: t("permitMenu.hidden"),
          width: 70,
          render: (r) => (r.hidden ? t("permitMenu.yes") : t("permitMenu.no")),
        },
        { key: "icon", title: t("permitMenu.icon"), width: 100 },
        actionsColumn<Row>(t("kit.actions"), menuActions, 90),
      ]}
    />
  );
}
