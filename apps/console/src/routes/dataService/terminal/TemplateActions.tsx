import * as d from "@tsp/domain";
import {
  buttonClass,
  type Column,
  DataTable,
  Dialog,
  dateTimeColumn,
  FormDialog,
  type SelectOption,
  useToast,
} from "@tsp/ui";
import { useState } from "react";
import * as v from "valibot";
import { listVehicleGroups } from "../../../api/operate";
import * as api from "../../../api/terminalParams";
import { useT } from "../../../i18n/i18n";
import { DeleteButton, EditButton, refusalByField } from "../../../kit/RowActions";
import { useCan } from "../../../permission/useCan";
import { TemplateSchema, templateBody, templateFields } from "./templateForm";
import { useSwitchView } from "./viewContext";

type Entry = api.ParamTemplateLogEntry;

/** 下发's values: VINs checked one by one with the domain's VIN rule, a group may add its members. */
const ApplySchema = v.pipe(
  v.object({
    vins: v.pipe(
      v.array(v.string()),
      v.maxLength(d.MAX_BATCH_VEHICLES, `一个批次最多${d.MAX_BATCH_VEHICLES}辆车`),
      v.check((vins) => vins.every((x) => d.vinProblem(x) === null), "请输入正确的17位VIN，每行一个"),
    ),
    groupId: v.nullable(v.number()),
    ttlMin: v.pipe(
      v.number("请输入有效期"),
      v.integer("有效期为1–10080分钟"),
      v.minValue(1, "有效期为1–10080分钟"),
      v.maxValue(10080, "有效期为1–10080分钟"),
    ),
  }),
  v.forward(
    v.check((c) => c.vins.length > 0 || c.groupId !== null, "请选择下发车辆（VIN或车辆分组）"),
    ["vins"],
  ),
);

/** 下发: the VINs and/or a vehicle group and the commands' TTL; then the batches view. */
function ApplyButton({ row }: { row: api.ParamTemplate }) {
  const switchView = useSwitchView();
  const t = useT();
  const can = useCan();
  const toast = useToast();
  const [groups, setGroups] = useState<SelectOption[] | null>(null);
  if (!can("applyParamTemplate")) return null;
  const open = async () => {
    const page = await listVehicleGroups({ pageNum: 1, pageSize: 100 });
    setGroups(page.list.map((g) => ({ value: String(g.id), label: g.name })));
  };
  return (
    <>
      <button type="button" className={buttonClass("link")} onClick={() => void open().catch(() => undefined)}>
        {t("termParam.apply")}
      </button>
      {groups && (
        <FormDialog
          open
          title={t("termParam.applyTitle", { name: row.name })}
          fields={[
            { key: "vins", kind: "lines", label: t("termParam.vins") },
            { key: "groupId", kind: "select", label: t("termParam.group"), options: groups, numeric: true },
            { key: "ttlMin", kind: "number", label: t("termParam.ttlMin"), required: true },
          ]}
          initial={{ vins: [] as string[], groupId: null as number | null, ttlMin: d.BATCH_TTL_DEFAULT_S / 60 }}
          schema={ApplySchema}
          onClose={() => setGroups(null)}
          onSubmit={async (values) => {
            let batch: api.ParamBatch;
            try {
              batch = await api.applyParamTemplate({
                templateId: row.id,
                vins: values.vins,
                ...(values.groupId === null ? {} : { groupId: values.groupId }),
                ttlSeconds: values.ttlMin * 60,
              });
            } catch (error) {
              return refusalByField(error) ?? {};
            }
            toast.success(t("termParam.applied", { n: batch.vehicleCount }));
            setGroups(null);
            switchView("batches");
            return null;
          }}
        />
      )}
    </>
  );
}

/** 变更记录: every create, edit and delete with what changed. */
function LogButton({ row }: { row: api.ParamTemplate }) {
  const t = useT();
  const [rows, setRows] = useState<Entry[] | null>(null);
  const columns: Column<Entry>[] = [
    dateTimeColumn<Entry>("at", t("termParam.log.at")),
    { key: "by", title: t("termParam.log.by"), width: 90 },
    {
      key: "action",
      title: t("termParam.log.action"),
      width: 70,
      render: (e) => t(`termParam.log.action.${e.action}`),
    },
    {
      key: "changes",
      title: t("termParam.log.changes"),
      width: 360,
      render: (e) => e.changes.map((c) => `${c.field}：${c.before ?? "—"} → ${c.after ?? "—"}`).join("；"),
    },
  ];
  return (
    <>
      <button
        type="button"
        className={buttonClass("link")}
        onClick={() => void api.listParamTemplateLog(row.id).then(setRows, () => undefined)}
      >
        {t("termParam.log")}
      </button>
      {rows && (
        <Dialog open title={t("termParam.logTitle", { name: row.name })} onClose={() => setRows(null)} width={820}>
          <DataTable
            label={t("termParam.log")}
            columns={columns}
            rows={rows}
            rowKey={(_, i) => String(i)}
            emptyText={t("termParam.log.empty")}
            height={320}
          />
        </Dialog>
      )}
    </>
  );
}

/** A template's row buttons: 下发, 编辑, 变更记录, 删除 — each behind its permission. */
export function TemplateActions({ row }: { row: api.ParamTemplate }) {
  const t = useT();
  return (
    <>
      <ApplyButton row={row} />
      <EditButton
        op="updateParamTemplate"
        title={t("termParam.editTitle")}
        fields={templateFields(t)}
        initial={() => ({ name: row.name, params: d.paramLines(row.params), remark: row.remark ?? "" })}
        schema={TemplateSchema}
        save={(values) => api.updateParamTemplate({ ...templateBody(values), id: row.id, updateTime: row.updateTime })}
      />
      <LogButton row={row} />
      <DeleteButton op="deleteParamTemplate" name={row.name} remove={() => api.deleteParamTemplate(row.id)} />
    </>
  );
}
