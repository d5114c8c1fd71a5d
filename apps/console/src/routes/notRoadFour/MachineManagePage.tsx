import * as d from "@tsp/domain";
import { actionsColumn, buttonClass, enumColumn, FormDialog, type SelectOption, useToast } from "@tsp/ui";
import { useEffect, useState } from "react";
import * as v from "valibot";
import * as api from "../../api/notRoadFour";
import { formatDateTime } from "../../format/dateTime";
import { useT } from "../../i18n/i18n";
import { ListPage, useListReload } from "../../kit/ListPage";
import { catalogueEnum } from "../../kit/options";
import { refusalByField } from "../../kit/RowActions";
import { useCan } from "../../permission/useCan";
import "../../i18n/screens/notRoadFour";
import "../../i18n/screens/registers";

type Row = api.ForwardMachine;
const filters = d.filterCodec(v.object({ keyWords: d.textFilter(17), platformId: d.textFilter(10) }));
/** The search form's filters as the list's (and its export's) query. */
const queryOf = (f: v.InferOutput<typeof filters.schema>) => ({
  ...(f.keyWords ? { keyWords: f.keyWords } : {}),
  ...(/^\d+$/.test(f.platformId) ? { platformId: Number(f.platformId) } : {}),
});
/** The add dialog: a platform and up to 100 PINs, one a line (each PIN is checked by the server's report). */
const AddSchema = v.object({
  platformId: v.pipe(v.string("请选择转发平台"), v.nonEmpty("请选择转发平台")),
  pins: v.pipe(v.array(v.string()), v.minLength(1, "请输入机械PIN码"), v.maxLength(100, "一次最多添加100个机械PIN码")),
});

/** 添加机械 beside the heading: the per-PIN report is toasted (added, already forwarded, refused with reasons). */
function AddMachines({ platforms }: { platforms: SelectOption[] }) {
  const t = useT();
  const can = useCan();
  const reload = useListReload();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  if (!can("addForwardMachines")) return null;
  return (
    <>
      <button type="button" className={buttonClass("primary")} onClick={() => setOpen(true)}>
        {t("nr4.machine.add")}
      </button>
      {open && (
        <FormDialog
          open
          title={t("nr4.machine.add")}
          fields={[
            { key: "platformId", kind: "select", label: t("nr4.machine.platform"), required: true, options: platforms },
            { key: "pins", kind: "lines", label: t("nr4.machine.pins"), required: true },
          ]}
          initial={{ platformId: platforms[0]?.value ?? "", pins: [] as string[] }}
          schema={AddSchema}
          onClose={() => setOpen(false)}
          onSubmit={async (values) => {
            try {
              const r = await api.addForwardMachines(Number(values.platformId), values.pins);
              const counts = { added: r.added.length, already: r.already.length, refused: r.refused.length };
              if (r.refused.length > 0)
                toast.error(
                  `${t("nr4.machine.report", counts)}：${r.refused.map((x) => `${x.pin} ${x.reason}`).join("；")}`,
                );
              else toast.success(t("nr4.machine.report", counts));
            } catch (error) {
              return refusalByField(error) ?? {};
            }
            setOpen(false);
            reload();
            return null;
          }}
        />
      )}
    </>
  );
}

/** 暂停 / 恢复 and 移除 of a pairing, with their permissions. */
function MachineActions({ row }: { row: Row }) {
  const t = useT();
  const can = useCan();
  const reload = useListReload();
  const toast = useToast();
  return (
    <>
      {can("setForwardMachineEnabled") && (
        <button
          type="button"
          className={buttonClass("link")}
          onClick={async () => {
            await api.setForwardMachineEnabled(row.platformId, row.pin, !row.enabled);
            toast.success(t("nr4.moved"));
            reload();
          }}
        >
          {row.enabled ? t("nr4.machine.pause") : t("nr4.machine.resume")}
        </button>
      )}
      {can("removeForwardMachine") && (
        <button
          type="button"
          className={buttonClass("link", "text-red-600")}
          aria-label={`${t("nr4.machine.remove")} ${row.pin}`}
          onClick={async () => {
            await api.removeForwardMachine(row.platformId, row.pin);
            toast.success(t("kit.deleted"));
            reload();
          }}
        >
          {t("nr4.machine.remove")}
        </button>
      )}
    </>
  );
}

/** The heading's 添加机械 and a row's buttons (render functions, so the list page places them). */
const addMachines = (platforms: SelectOption[]) => () => <AddMachines platforms={platforms} />;
const machineActions = (row: Row) => <MachineActions row={row} />;

/**
 * 转发机械管理 (/notRoadFour/machineManage): which machines go to which platform, since when; bulk
 * add from a pasted list, or 导入 of a sheet (机械PIN码 · 转发平台) with the per-row report.
 */
export default function MachineManagePage() {
  const t = useT();
  const [platforms, setPlatforms] = useState<SelectOption[]>([]);
  useEffect(() => {
    const abort = new AbortController();
    api
      .listForwardPlatforms({ pageNum: 1, pageSize: 100 }, abort.signal)
      .then((page) => setPlatforms(page.list.map((p) => ({ value: String(p.id), label: p.name }))))
      .catch(() => {
        // Toasted by the shell; the filter offers no platform.
      });
    return () => abort.abort();
  }, []);
  const states = catalogueEnum(t, "nr4.machine.enabled", ["true", "false"], { true: "green", false: "gray" });
  const filings = catalogueEnum(t, "reg.machineRecord.status", Object.keys(d.FILING_STATUS_LABELS), {
    approved: "green",
    pending: "blue",
    rejected: "red",
    failed: "red",
    timeout: "amber",
  });
  return (
    <ListPage
      screen="machineManage"
      title={t("nr4.machine.heading")}
      filters={filters}
      paging="numbered"
      load={({ filters: f, pageNum, pageSize, signal }) =>
        api.listForwardMachines({ ...queryOf(f), pageNum, pageSize }, signal)
      }
      titleExtra={addMachines(platforms)}
      exportAs={{ op: "exportForwardMachines", run: (f) => api.exportForwardMachines(queryOf(f)) }}
      importAs={{ ...api.forwardMachineImport, title: t("nr4.machine.import"), fillHint: t("nr4.machine.importHint") }}
      search={[
        { kind: "text", key: "keyWords", label: t("nr4.machine.pin") },
        { kind: "choice", key: "platformId", label: t("nr4.machine.platform"), options: platforms },
      ]}
      rowKey={(row) => `${row.platformId}-${row.pin}`}
      columns={[
        { key: "pin", title: t("nr4.machine.pin"), width: 190 },
        { key: "platformName", title: t("nr4.machine.platform") },
        { key: "since", title: t("nr4.machine.since"), width: 170, render: (r) => formatDateTime(r.since) },
        {
          key: "enabled",
          title: t("nr4.machine.enabled"),
          width: 90,
          render: (r) => states.badges[String(r.enabled)]?.label ?? "",
        },
        enumColumn<Row>("filingStatus", t("nr4.machine.filingStatus"), filings.badges),
        { key: "updateName", title: t("reg.updated"), width: 110 },
        actionsColumn<Row>(t("kit.actions"), machineActions, 110),
      ]}
    />
  );
}
