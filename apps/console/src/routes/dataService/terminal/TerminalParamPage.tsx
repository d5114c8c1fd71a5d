import * as d from "@tsp/domain";
import { actionsColumn, dateTimeColumn, ellipsisColumn, Segmented } from "@tsp/ui";
import { useState } from "react";
import * as v from "valibot";
import * as api from "../../../api/terminalParams";
import { useT } from "../../../i18n/i18n";
import { ListPage } from "../../../kit/ListPage";
import { BatchActions } from "./BatchActions";
import { NewTemplateButton } from "./NewTemplateButton";
import { TemplateActions } from "./TemplateActions";
import { type TerminalParamView, useSwitchView, ViewContext } from "./viewContext";
import "../../../i18n/screens/terminalParams";

const filters = d.filterCodec(v.object({ keyword: d.textFilter(d.MAX_TEMPLATE_NAME) }));

function ViewSwitch({ view }: { view: TerminalParamView }) {
  const t = useT();
  const onChange = useSwitchView();
  return (
    <Segmented
      legend={t("termParam.view")}
      options={[
        { value: "templates", label: t("termParam.view.templates") },
        { value: "batches", label: t("termParam.view.batches") },
      ]}
      value={view}
      onChange={(x) => onChange(x as TerminalParamView)}
    />
  );
}

const templatesExtra = () => (
  <>
    <ViewSwitch view="templates" />
    <NewTemplateButton />
  </>
);
const batchesExtra = () => <ViewSwitch view="batches" />;
const templateButtons = (row: api.ParamTemplate) => <TemplateActions row={row} />;
const batchButtons = (row: api.ParamBatch) => <BatchActions row={row} />;

function Templates() {
  const t = useT();
  return (
    <ListPage
      screen="termParamTemplates"
      title={t("termParam.heading")}
      hint={t("termParam.hint")}
      filters={filters}
      paging="numbered"
      load={({ filters: f, pageNum, pageSize, signal }) =>
        api.listParamTemplates({ ...(f.keyword ? { keyword: f.keyword } : {}), pageNum, pageSize }, signal)
      }
      search={[{ kind: "text", key: "keyword", label: t("termParam.keyword") }]}
      titleExtra={templatesExtra}
      rowKey={(row) => String(row.id)}
      columns={[
        { key: "name", title: t("termParam.name"), width: 160 },
        {
          key: "protocol",
          title: t("termParam.protocol"),
          width: 90,
          render: (r) => d.PARAM_TEMPLATE_PROTOCOL_LABELS[r.protocol],
        },
        // Wrapped, not ellipsed: the kit's ellipsis names its popover by the raw value (the array).
        {
          key: "params",
          title: t("termParam.params"),
          width: 320,
          render: (r) => r.params.map(d.paramSummary).join("；"),
        },
        ellipsisColumn<api.ParamTemplate>("remark", t("termParam.remark"), 140),
        { key: "updatedBy", title: t("termParam.updatedBy"), width: 80 },
        dateTimeColumn<api.ParamTemplate>("updateTime", t("termParam.updateTime")),
        actionsColumn<api.ParamTemplate>(t("kit.actions"), templateButtons, 220),
      ]}
    />
  );
}

function Batches() {
  const t = useT();
  return (
    <ListPage
      screen="termParamBatches"
      title={t("termParam.heading")}
      hint={t("termParam.hint")}
      filters={filters}
      paging="numbered"
      poll={(rows) => (rows.some((r) => d.isBatchOpen(r.progress)) ? 2000 : null)}
      load={({ filters: f, pageNum, pageSize, signal }) =>
        api.listParamBatches({ ...(f.keyword ? { keyword: f.keyword } : {}), pageNum, pageSize }, signal)
      }
      search={[{ kind: "text", key: "keyword", label: t("termParam.keyword") }]}
      titleExtra={batchesExtra}
      rowKey={(row) => String(row.id)}
      columns={[
        { key: "id", title: t("termParam.batch.id"), width: 60 },
        { key: "templateName", title: t("termParam.batch.template"), width: 160 },
        { key: "vehicleCount", title: t("termParam.batch.vehicles"), width: 70 },
        { key: "success", title: t("termParam.batch.success"), width: 60, render: (r) => String(r.progress.success) },
        { key: "failed", title: t("termParam.batch.failed"), width: 60, render: (r) => String(r.progress.failed) },
        { key: "expired", title: t("termParam.batch.expired"), width: 60, render: (r) => String(r.progress.expired) },
        {
          key: "open",
          title: t("termParam.batch.open"),
          width: 70,
          render: (r) => String(r.progress.queued + r.progress.sent + r.progress.acknowledged),
        },
        { key: "createdBy", title: t("termParam.batch.createdBy"), width: 80 },
        dateTimeColumn<api.ParamBatch>("createdAt", t("termParam.batch.createdAt")),
        actionsColumn<api.ParamBatch>(t("kit.actions"), batchButtons, 160),
      ]}
    />
  );
}

/**
 * 终端参数设置 (/dataService/terminal, issue 20; designed — the spec shows no fields): parameter
 * templates (新建, 编辑, 变更记录, 删除, 下发 to VINs or a 车辆分组) and the batches they made, each
 * vehicle's set-parameter command followed to its result, 重试失败 and export.
 */
export default function TerminalParamPage() {
  const [view, setView] = useState<TerminalParamView>("templates");
  return (
    <ViewContext.Provider value={setView}>{view === "templates" ? <Templates /> : <Batches />}</ViewContext.Provider>
  );
}
