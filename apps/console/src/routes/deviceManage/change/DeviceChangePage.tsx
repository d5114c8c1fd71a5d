import * as d from "@tsp/domain";
import { actionsColumn, dateTimeColumn, ellipsisColumn, enumColumn, FormDialog, useToast } from "@tsp/ui";
import { useState } from "react";
import * as v from "valibot";
import * as api from "../../../api/deviceManage";
import { type MessageKey, useT } from "../../../i18n/i18n";
import { ListPage } from "../../../kit/ListPage";
import { catalogueEnum } from "../../../kit/options";
import { refusalByField } from "../../../kit/RowActions";
import { ToolbarButton } from "../../baseInfo/tbox/PickDialog";
import { ChangeActions } from "./ChangeActions";
import { useKindCan } from "./kindCan";

const { textFilter: text, choiceFilter: choice, timeFilter: time } = d;
const filters = d.filterCodec(
  v.object({ vin: text(17), state: choice(d.DEVICE_CHANGE_STATES), start: time(), end: time() }),
);
type Filters = v.InferOutput<typeof filters.schema>;
const query = (f: Filters): Omit<api.DeviceChangeFilters, "kind"> => ({
  ...(f.vin ? { vin: f.vin } : {}),
  ...(f.state ? { state: f.state as d.DeviceChangeState } : {}),
  ...(f.start !== null ? { startTime: f.start } : {}),
  ...(f.end !== null ? { endTime: f.end } : {}),
});

const Code = v.pipe(
  v.string("请输入编码"),
  v.trim(),
  v.nonEmpty("请输入编码"),
  v.maxLength(40, "编码不能超过40个字符"),
);
/** The application form: the VIN rule of @tsp/domain, two codes, a reason from the list. */
const CreateSchema = v.object({
  vin: d.VinSchema,
  oldCode: Code,
  newCode: Code,
  reason: v.picklist(d.DEVICE_CHANGE_REASONS, "请选择更换原因"),
  remark: v.nullable(v.pipe(v.string(), v.maxLength(200, "备注不能超过200个字符"))),
});

/**
 * One replacement screen of 设备管理 — T-Box更换, 车机更换, 驱动电机更换 or 动力电池更换 by `kind`:
 * records by VIN, state and application time, 新增更换 (checked by the server against the master
 * data; a refusal shows under the field it is about), 详情, 审批 (its own permission), 导出.
 */
export function DeviceChangePage({ kind }: { kind: d.DeviceChangeKind }) {
  const t = useT();
  const toast = useToast();
  const can = useKindCan(kind);
  const [adding, setAdding] = useState(false);
  const noun = t(`deviceChange.code.${kind}` as MessageKey);
  const states = catalogueEnum(t, "deviceChange.state", d.DEVICE_CHANGE_STATES, {
    pending: "amber",
    approved: "green",
    rejected: "gray",
  });
  const reasons = catalogueEnum(t, "deviceChange.reason", d.DEVICE_CHANGE_REASONS);
  type Row = api.DeviceChange;
  const canReview = can("review");
  const actions = (row: Row) => <ChangeActions row={row} noun={noun} canReview={canReview} />;
  const toolbar = (list: { reload: () => void }) =>
    can("add") && (
      <>
        <ToolbarButton label={t("deviceChange.add")} onClick={() => setAdding(true)} />
        {adding && (
          <FormDialog
            open
            title={t("deviceChange.addTitle", { title: t(`deviceChange.heading.${kind}` as MessageKey) })}
            fields={[
              { key: "vin", kind: "text", label: t("deviceChange.vin"), required: true, maxLength: 17 },
              {
                key: "oldCode",
                kind: "text",
                label: t("deviceChange.oldCode", { noun }),
                required: true,
                maxLength: 40,
              },
              {
                key: "newCode",
                kind: "text",
                label: t("deviceChange.newCode", { noun }),
                required: true,
                maxLength: 40,
              },
              {
                key: "reason",
                kind: "select",
                label: t("deviceChange.reason"),
                required: true,
                options: reasons.options,
              },
              { key: "remark", kind: "textarea", label: t("deviceChange.remark"), maxLength: 200 },
            ]}
            initial={{ vin: "", oldCode: "", newCode: "", reason: "fault", remark: null } as Record<string, unknown>}
            schema={CreateSchema as never}
            onClose={() => setAdding(false)}
            onSubmit={async (values) => {
              try {
                await api.createDeviceChange({ ...(values as v.InferOutput<typeof CreateSchema>), kind });
              } catch (error) {
                return refusalByField(error) ?? {};
              }
              toast.success(t("deviceChange.submitted"));
              setAdding(false);
              list.reload();
              return null;
            }}
          />
        )}
      </>
    );
  return (
    <ListPage
      screen={`deviceChange-${kind}`}
      title={t(`deviceChange.heading.${kind}` as MessageKey)}
      filters={filters}
      paging="numbered"
      load={({ filters: f, pageNum, pageSize, signal }) =>
        api.listDeviceChanges({ kind, ...query(f), pageNum, pageSize }, signal)
      }
      {...(can("export")
        ? {
            exportAs: {
              op: "exportDeviceChanges" as const,
              run: (f: Filters) => api.exportDeviceChanges({ kind, ...query(f) }),
            },
          }
        : {})}
      titleExtra={toolbar}
      search={[
        { kind: "vin", key: "vin", label: t("deviceChange.vin") },
        { kind: "choice", key: "state", label: t("deviceChange.state"), options: states.options },
        { kind: "dateTimeRange", keys: ["start", "end"], label: t("deviceChange.range"), quick: true },
      ]}
      rowKey={(row) => String(row.id)}
      columns={[
        { key: "vin", title: t("deviceChange.vin"), width: 180 },
        { key: "plateNo", title: t("deviceChange.plateNo"), width: 100, render: (r: Row) => r.plateNo ?? "" },
        { key: "oldCode", title: t("deviceChange.oldCode", { noun }), width: 150 },
        { key: "newCode", title: t("deviceChange.newCode", { noun }), width: 150 },
        enumColumn<Row>("state", t("deviceChange.state"), states.badges, 90),
        enumColumn<Row>("reason", t("deviceChange.reason"), reasons.badges, 100),
        { key: "applicantName", title: t("deviceChange.applicant"), width: 90 },
        dateTimeColumn<Row>("appliedAt", t("deviceChange.appliedAt")),
        { key: "reviewerName", title: t("deviceChange.reviewer"), width: 90, render: (r: Row) => r.reviewerName ?? "" },
        ellipsisColumn<Row>("reviewNote", t("deviceChange.reviewNote")),
        actionsColumn<Row>(t("kit.actions"), actions, 130),
      ]}
    />
  );
}
