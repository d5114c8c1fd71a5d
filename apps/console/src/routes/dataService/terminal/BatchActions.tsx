import * as d from "@tsp/domain";
import {
  buttonClass,
  type Column,
  ConfirmDialog,
  DataTable,
  Dialog,
  dateTimeColumn,
  enumColumn,
  useToast,
} from "@tsp/ui";
import { useEffect, useState } from "react";
import * as api from "../../../api/terminalParams";
import { useT } from "../../../i18n/i18n";
import { ExportButton } from "../../../kit/ExportButton";
import { useListReload } from "../../../kit/ListPage";
import { catalogueEnum } from "../../../kit/options";
import { refusalByField } from "../../../kit/RowActions";
import { useCan } from "../../../permission/useCan";

type Vehicle = api.ParamBatchVehicle;

/** 明细: every vehicle of the batch with its command's state, read again every 2 s while any is open; 导出. */
function VehiclesDialog({ batch, onClose }: { batch: api.ParamBatch; onClose: () => void }) {
  const t = useT();
  const [rows, setRows] = useState<Vehicle[] | null>(null);
  const states = catalogueEnum(t, "termParam.v.state", d.BATCH_VEHICLE_STATES, {
    success: "green",
    failed: "red",
    expired: "amber",
    cancelled: "gray",
  });
  useEffect(() => {
    const ac = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      const page = await api.listParamBatchVehicles({ id: batch.id, pageNum: 1, pageSize: 100 }, ac.signal);
      setRows(page.list);
      if (page.list.some((r) => d.isBatchVehicleOpen(r.state)))
        timer = setTimeout(() => void load().catch(() => undefined), 2000);
    };
    void load().catch(() => undefined);
    return () => {
      ac.abort();
      if (timer) clearTimeout(timer);
    };
  }, [batch.id]);
  const columns: Column<Vehicle>[] = [
    { key: "vin", title: t("termParam.v.vin"), width: 180 },
    enumColumn<Vehicle>("state", t("termParam.v.state"), states.badges),
    { key: "attempts", title: t("termParam.v.attempts"), width: 60 },
    { key: "reason", title: t("termParam.v.reason"), width: 220, render: (r) => r.reason ?? "" },
    dateTimeColumn<Vehicle>("sentAt", t("termParam.v.sentAt")),
    dateTimeColumn<Vehicle>("finishedAt", t("termParam.v.finishedAt")),
  ];
  return (
    <Dialog
      open
      title={t("termParam.batch.detailTitle", { id: batch.id, name: batch.templateName })}
      onClose={onClose}
      width={900}
    >
      <p className="mb-2 text-xs text-gray-600">{batch.params.map(d.paramSummary).join("；")}</p>
      <div className="mb-2 flex justify-end">
        <ExportButton op="exportParamBatchVehicles" run={() => api.exportParamBatchVehicles({ id: batch.id })} />
      </div>
      <DataTable
        label={t("termParam.batch.detail")}
        columns={columns}
        rows={rows ?? []}
        loading={rows === null}
        rowKey={(r) => r.vin}
        height={320}
      />
    </Dialog>
  );
}

/** A batch's row buttons: 明细, and 重试失败 while a vehicle failed or expired (with its permission). */
export function BatchActions({ row }: { row: api.ParamBatch }) {
  const t = useT();
  const can = useCan();
  const toast = useToast();
  const reload = useListReload();
  const [open, setOpen] = useState<"detail" | "retry" | null>(null);
  const retryable = row.progress.failed + row.progress.expired;
  return (
    <>
      <button type="button" className={buttonClass("link")} onClick={() => setOpen("detail")}>
        {t("termParam.batch.detail")}
      </button>
      {retryable > 0 && can("retryParamBatch") && (
        <button type="button" className={buttonClass("link")} onClick={() => setOpen("retry")}>
          {t("termParam.batch.retry")}
        </button>
      )}
      {open === "detail" && <VehiclesDialog batch={row} onClose={() => setOpen(null)} />}
      {open === "retry" && (
        <ConfirmDialog
          open
          title={t("termParam.batch.retryTitle")}
          confirmText={t("termParam.batch.retry")}
          onClose={() => setOpen(null)}
          onConfirm={() =>
            void api.retryParamBatch(row.id).then(
              () => {
                toast.success(t("termParam.batch.retried"));
                setOpen(null);
                reload();
              },
              (error: unknown) => {
                toast.error(Object.values(refusalByField(error) ?? {})[0] ?? String(error));
                setOpen(null);
                reload();
              },
            )
          }
        >
          {t("termParam.batch.retryConfirm", { id: row.id, n: retryable })}
        </ConfirmDialog>
      )}
    </>
  );
}
