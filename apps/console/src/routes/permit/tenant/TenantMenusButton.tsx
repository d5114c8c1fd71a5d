import { buttonClass, Dialog, useToast } from "@tsp/ui";
import { useId, useState } from "react";
import { getTenantMenus, setTenantMenus, type TenantMenuNode, type TenantMenus } from "../../../api/permitTenants";
import { useT } from "../../../i18n/i18n";
import { useListReload } from "../../../kit/ListPage";
import { useCan } from "../../../permission/useCan";

const idsUnder = (n: TenantMenuNode): number[] => [n.menuId, ...n.children.flatMap(idsUnder)];

/** The ticked menus plus every group above a ticked one (a group shows when one of its screens may). */
function withAncestors(tree: readonly TenantMenuNode[], ticked: ReadonlySet<number>): number[] {
  const out = new Set<number>();
  const walk = (n: TenantMenuNode, above: number[]) => {
    if (ticked.has(n.menuId)) for (const id of [...above, n.menuId]) out.add(id);
    for (const c of n.children) walk(c, [...above, n.menuId]);
  };
  for (const n of tree) walk(n, []);
  return [...out].toSorted((a, b) => a - b);
}

/** One menu with its checkbox; ticking or clearing a group does the same to everything under it. */
function MenuCheck({
  node,
  ticked,
  onChange,
  disabled,
}: {
  node: TenantMenuNode;
  ticked: ReadonlySet<number>;
  onChange: (ids: number[], on: boolean) => void;
  disabled: boolean;
}) {
  const id = useId();
  return (
    <li>
      <label htmlFor={id} className="flex items-center gap-2 py-0.5 text-sm text-slate-800">
        <input
          id={id}
          type="checkbox"
          disabled={disabled}
          checked={ticked.has(node.menuId)}
          onChange={(e) => onChange(idsUnder(node), e.target.checked)}
        />
        {node.title}
      </label>
      {node.children.length > 0 && (
        <ul className="ml-6">
          {node.children.map((c) => (
            <MenuCheck key={c.menuId} node={c} ticked={ticked} onChange={onChange} disabled={disabled} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** 可用菜单: which menus the tenant may use at all, chosen on its parent's menu tree. */
export function TenantMenusButton({ tenantId, name }: { tenantId: number; name: string }) {
  const t = useT();
  const can = useCan();
  const toast = useToast();
  const reload = useListReload();
  const allId = useId();
  const [menus, setMenus] = useState<TenantMenus | null>(null);
  const [ticked, setTicked] = useState<Set<number>>(new Set());
  const [unrestricted, setUnrestricted] = useState(false);
  if (!can("setTenantMenus")) return null;
  const open = async () => {
    const m = await getTenantMenus(tenantId);
    setMenus(m);
    setTicked(new Set(m.menuIds));
    setUnrestricted(!m.restricted);
  };
  const change = (ids: number[], on: boolean) =>
    setTicked((prev) => {
      const next = new Set(prev);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const save = async () => {
    if (!menus) return;
    try {
      await setTenantMenus(tenantId, unrestricted ? null : withAncestors(menus.tree, ticked));
      toast.success(t("tenant.menusSaved"));
      setMenus(null);
      reload();
    } catch {
      // Toasted by the shell; the choice stays.
    }
  };
  return (
    <>
      <button type="button" className={buttonClass("link")} onClick={open}>
        {t("tenant.menus")}
      </button>
      <Dialog
        open={menus !== null}
        title={`${t("tenant.menus")} · ${name}`}
        width={560}
        onClose={() => setMenus(null)}
        onConfirm={save}
      >
        {menus && (
          <div className="space-y-3">
            <p className="text-sm text-slate-600">{t("tenant.menusHint")}</p>
            <label htmlFor={allId} className="flex items-center gap-2 text-sm font-medium text-slate-800">
              <input
                id={allId}
                type="checkbox"
                checked={unrestricted}
                onChange={(e) => setUnrestricted(e.target.checked)}
              />
              {t("tenant.menusAll")}
            </label>
            <ul
              className="max-h-[50vh] overflow-auto rounded border border-gray-200 p-3"
              aria-label={t("tenant.menus")}
            >
              {menus.tree.map((n) => (
                <MenuCheck key={n.menuId} node={n} ticked={ticked} onChange={change} disabled={unrestricted} />
              ))}
            </ul>
          </div>
        )}
      </Dialog>
    </>
  );
}
