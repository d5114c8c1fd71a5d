import {
  buttonClass,
  type Column,
  ConfirmDialog,
  DataTable,
  Dialog,
  dateTimeColumn,
  enumColumn,
  NumberedPager,
  useToast,
} from "@tsp/ui";
import { useEffect, useState } from "react";
import * as api from "../../../api/ota";
import { useT } from "../../../i18n/i18n";
import { useListReload } from "../../../kit/ListPage";
import { catalogueEnum } from "../../../kit/options";
import { refusalByField } from "../../../kit/RowActions";
import { useCan } from "../../../permission/useCan";

type Vehicle = api.OtaCampaignVehicle;
const OPEN: readonly api.OtaVehicleState[] = ["queued", "sent", "acknowledged", "upgrading"];
/** Rows per page of 升级进度 (a campaign has up to the domain's MAX_CAMPAIGN_VEHICLES). */
const PROGRESS_PAGE_SIZE = 50;

/** 升级进度: every vehicle's progress, page by page; the page is read again every 2 s while one of it is open. */
function ProgressDialog({ campaign, onClose }: { campaign: api.OtaCampaign; onClose: () => void }) {
  const t = useT();
  const [rows, setRows] = useState<Vehicle[] | null>(null);
  const [pageNum, setPageNum] = useState(1);
  const [total, setTotal] = useState(0);
  const states = catalogueEnum(t, "ota.v.state", api.VEHICLE_STATES, {
    success: "green",
    failed: "red",
    cancelled: "gray",
    upgrading: "amber",
  });
  useEffect(() => {
    const ac = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      const page = await api.listOtaCampaignVehicles(
        { id: campaign.id, pageNum, pageSize: PROGRESS_PAGE_SIZE },
        ac.signal,
      );
      setRows(page.list);
      setTotal(page.total);
      if (page.list.some((r) => OPEN.includes(r.state)))
        timer = setTimeout(() => void load().catch(() => undefined), 2000);
    };
    void load().catch(() => undefined);
    return () => {
      ac.abort();
      if (timer) clearTimeout(timer);
    };
  }, [campaign.id, pageNum]);
  const columns: Column<Vehicle>[] = [
    { key: "vin", title: t("ota.v.vin"), width: 180 },
    enumColumn<Vehicle>("state", t("ota.v.state"), states.badges),
    {
      key: "firmwareVersion",
      title: t("ota.v.versions"),
      width: 130,
      render: (r) => (r.firmwareVersion ? `${r.hardwareVersion ?? ""} / ${r.firmwareVersion}` : ""),
    },
    { key: "reason", title: t("ota.v.reason"), width: 220, render: (r) => r.reason ?? "" },
    dateTimeColumn<Vehicle>("updatedAt", t("ota.v.updatedAt")),
  ];
  return (
    <Dialog open title={t("ota.vehiclesTitle", { name: campaign.name })} onClose={onClose} width={820}>
      <DataTable
        label={t("ota.vehicles")}
        columns={columns}
        rows={rows ?? []}
        loading={rows === null}
        rowKey={(r) => r.vin}
        height={320}
      />
      {total > PROGRESS_PAGE_SIZE && (
        <NumberedPager pageNum={pageNum} pageSize={PROGRESS_PAGE_SIZE} total={total} onChange={(n) => setPageNum(n)} />
      )}
    </Dialog>
  );
}

/** A campaign's row buttons: 升级进度, 启动 (待启动), 取消任务 (待启动 / 进行中), each behind its permission. */
export function CampaignActions({ row }: { row: api.OtaCampaign }) {
  const t = useT();
  const can = useCan();
  const toast = useToast();
  const reload = useListReload();
  const [open, setOpen] = useState<"progress" | "start" | "cancel" | null>(null);
  const act = async (call: () => Promise<unknown>, done: string) => {
    try {
      await call();
      toast.success(done);
    } catch (error) {
      toast.error(Object.values(refusalByField(error) ?? {})[0] ?? String(error));
    }
    setOpen(null);
    reload();
  };
  return (
    <>
      <button type="button" className={buttonClass("link")} onClick={() => setOpen("progress")}>
        {t("ota.vehicles")}
      </button>
      {row.state === "draft" && can("startOtaCampaign") && (
        <button type="button" className={buttonClass("link")} onClick={() => setOpen("start")}>
          {t("ota.start")}
        </button>
      )}
      {(row.state === "draft" || row.state === "running") && can("cancelOtaCampaign") && (
        <button type="button" className={buttonClass("link", "text-red-600")} onClick={() => setOpen("cancel")}>
          {t("ota.cancel")}
        </button>
      )}
      {open === "progress" && <ProgressDialog campaign={row} onClose={() => setOpen(null)} />}
      {open === "start" && (
        <ConfirmDialog
          open
          title={t("ota.startTitle")}
          confirmText={t("ota.start")}
          onClose={() => setOpen(null)}
          onConfirm={() => void act(() => api.startOtaCampaign(row.id), t("ota.started"))}
        >
          {t("ota.startConfirm", { n: row.vehicleCount, name: row.name })}
        </ConfirmDialog>
      )}
      {open === "cancel" && (
        <ConfirmDialog
          open
          title={t("ota.cancelTitle")}
          confirmText={t("ota.cancel")}
          onClose={() => setOpen(null)}
          onConfirm={() => void act(() => api.cancelOtaCampaign(row.id), t("ota.cancelled"))}
        >
          {t("ota.cancelConfirm", { name: row.name })}
        </ConfirmDialog>
      )}
    </>
  );
}
