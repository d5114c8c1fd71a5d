import * as d from "@tsp/domain";
import {
  actionsColumn,
  buttonClass,
  Dialog,
  dateTimeColumn,
  ellipsisColumn,
  enumColumn,
  FormDialog,
  useToast,
} from "@tsp/ui";
import { useEffect, useState } from "react";
import * as v from "valibot";
import * as api from "../../../api/uds";
import { useT } from "../../../i18n/i18n";
import { ListPage, useListReload } from "../../../kit/ListPage";
import { catalogueEnum } from "../../../kit/options";
import { refusalByField } from "../../../kit/RowActions";
import { useCan } from "../../../permission/useCan";
import { stateTones } from "../../tbox/commands/stateTones";
import { TimelineButton } from "../../tbox/commands/TimelineDialog";
import { resultSummary, UdsResultView } from "./UdsResultView";
import "../../../i18n/screens/commands";
import "../../../i18n/screens/uds";

type Row = api.UdsDiagnosis;
const STATES = ["queued", "smsSent", "sent", "acknowledged", "success", "failed", "expired", "cancelled"] as const;
const OPEN_STATES: readonly string[] = ["queued", "smsSent", "sent", "acknowledged"];
const READ_SERVICES = ["readDtc", "readDid"] as const;
const CONTROL_SERVICES = ["clearDtc", "session", "reset"] as const;

const filters = d.filterCodec(
  v.object({
    vin: d.textFilter(17),
    service: d.choiceFilter(api.UDS_SERVICE_NAMES),
  }),
);
const query = (f: { vin: string; service: string }) => ({
  ...(f.vin ? { vin: f.vin } : {}),
  ...(f.service ? { service: f.service as api.UdsServiceName } : {}),
});

interface SendValues extends Record<string, unknown> {
  ecuId: number | null;
  service: api.UdsServiceName | null;
  statusMask: number | null;
  did: number | null;
  session: number | null;
  resetType: number | null;
}

/** The form, checked by @tsp/domain's udsRequestProblem for the chosen service's one value. */
const SendSchema = v.pipe(
  v.object({
    ecuId: v.pipe(
      v.nullable(v.number()),
      v.check((n) => n !== null, "请选择ECU"),
    ),
    service: v.pipe(
      v.nullable(v.picklist(api.UDS_SERVICE_NAMES)),
      v.check((s) => s !== null, "请选择诊断服务"),
    ),
    statusMask: v.nullable(v.number()),
    did: v.nullable(v.number()),
    session: v.nullable(v.number()),
    resetType: v.nullable(v.number()),
  }),
  v.forward(
    v.check(
      (c) =>
        c.service !== "readDtc" ||
        d.udsRequestProblem({ service: "readDtc", statusMask: c.statusMask ?? 255 }) === undefined,
      "状态掩码应为1–255的整数",
    ),
    ["statusMask"],
  ),
  v.forward(
    v.check((c) => c.service !== "readDid" || c.did !== null, "请选择数据标识符"),
    ["did"],
  ),
  v.forward(
    v.check((c) => c.service !== "session" || c.session !== null, "请选择诊断会话"),
    ["session"],
  ),
  v.forward(
    v.check((c) => c.service !== "reset" || c.resetType !== null, "请选择复位类型"),
    ["resetType"],
  ),
);

const hex = (n: number, w: number) => `0x${n.toString(16).padStart(w, "0").toUpperCase()}`;

/** 发起诊断 for the searched VIN: its model's ECUs are read first, then the form. */
function SendDialog({ vin, onClose }: { vin: string; onClose: () => void }) {
  const t = useT();
  const can = useCan();
  const toast = useToast();
  const reload = useListReload();
  const [ecus, setEcus] = useState<{ model: string | null; ecus: api.UdsEcu[] } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    const ac = new AbortController();
    api.listUdsEcus(vin, ac.signal).then(setEcus, (error: unknown) => {
      if (!ac.signal.aborted) setFailed(Object.values(refusalByField(error) ?? {})[0] ?? String(error));
    });
    return () => ac.abort();
  }, [vin]);
  const services = [...(can("sendUdsRead") ? READ_SERVICES : []), ...(can("sendUdsControl") ? CONTROL_SERVICES : [])];
  const serviceOptions = catalogueEnum(t, "uds.service", services).options;
  if (!ecus) {
    return (
      <Dialog open title={t("uds.sendTitle", { vin })} onClose={onClose} width={560}>
        <p className="text-sm text-gray-600">{failed ?? t("uds.loadingEcus")}</p>
      </Dialog>
    );
  }
  return (
    <FormDialog<SendValues>
      open
      title={`${t("uds.sendTitle", { vin })}${ecus.model ? ` · ${t("uds.model", { model: ecus.model })}` : ""}`}
      fields={[
        {
          key: "ecuId",
          kind: "select",
          numeric: true,
          label: t("uds.ecu"),
          required: true,
          options: ecus.ecus.map((e) => ({
            value: String(e.id),
            label: `${e.name}（${hex(e.requestId, 3)} / ${hex(e.responseId, 3)}）`,
          })),
        },
        { key: "service", kind: "select", label: t("uds.service"), required: true, options: serviceOptions },
        { key: "statusMask", kind: "number", label: t("uds.statusMask") },
        {
          key: "did",
          kind: "select",
          numeric: true,
          label: t("uds.did"),
          options: Object.entries(d.UDS_DIDS).map(([id, name]) => ({
            value: id,
            label: `${hex(Number(id), 4)} ${name}`,
          })),
        },
        {
          key: "session",
          kind: "select",
          numeric: true,
          label: t("uds.session"),
          options: ["1", "2", "3"].map((s) => ({ value: s, label: t(`uds.session.${s as "1" | "2" | "3"}`) })),
        },
        {
          key: "resetType",
          kind: "select",
          numeric: true,
          label: t("uds.resetType"),
          options: ["1", "2", "3"].map((s) => ({ value: s, label: t(`uds.resetType.${s as "1" | "2" | "3"}`) })),
        },
      ]}
      initial={{
        ecuId: ecus.ecus[0]?.id ?? null,
        service: services[0] ?? null,
        statusMask: 255,
        did: null,
        session: null,
        resetType: null,
      }}
      schema={SendSchema}
      onClose={onClose}
      onSubmit={async (f) => {
        const base = { vin, ecuId: f.ecuId as number };
        try {
          const sent =
            f.service === "readDtc" || f.service === "readDid"
              ? await api.sendUdsRead({
                  ...base,
                  service: f.service,
                  // The mask is 0x19's (the server's default too); 0x22 ignores it.
                  statusMask: f.statusMask ?? 255,
                  ...(f.service === "readDid" ? { did: f.did as number } : {}),
                })
              : await api.sendUdsControl({
                  ...base,
                  service: f.service as (typeof CONTROL_SERVICES)[number],
                  // Every DTC group (0x14's only value here; the others ignore it).
                  group: d.UDS_ALL_DTC_GROUPS,
                  ...(f.service === "session" ? { session: f.session as number } : {}),
                  ...(f.service === "reset" ? { resetType: f.resetType as number } : {}),
                });
          toast.success(t("uds.queued", { id: sent.id }));
        } catch (error) {
          return refusalByField(error) ?? {};
        }
        onClose();
        reload();
        return null;
      }}
    />
  );
}

function SendButton({ vin }: { vin: string }) {
  const t = useT();
  const can = useCan();
  const [open, setOpen] = useState(false);
  if (!can("sendUdsRead") && !can("sendUdsControl")) return null;
  const ready = d.vinProblem(vin) === null;
  return (
    <>
      <button
        type="button"
        className={buttonClass("primary")}
        disabled={!ready}
        title={ready ? undefined : t("uds.sendNeedsVin")}
        onClick={() => setOpen(true)}
      >
        {t("uds.send")}
      </button>
      {open && <SendDialog vin={vin} onClose={() => setOpen(false)} />}
    </>
  );
}

function RowButtons({ row }: { row: Row }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={buttonClass("link")} onClick={() => setOpen(true)}>
        {t("uds.detail")}
      </button>
      <TimelineButton vin={row.vin} />
      {open && (
        <Dialog open title={t("uds.detailTitle", { ecu: row.ecuName })} onClose={() => setOpen(false)} width={760}>
          <UdsResultView row={row} />
        </Dialog>
      )}
    </>
  );
}

const rowButtons = (row: Row) => <RowButtons row={row} />;
const sendExtra = (list: { filters: { vin: string } }) => <SendButton vin={list.filters.vin} />;

/**
 * UDS诊断 (/dataService/udsV2): remote ISO 14229 diagnosis through the T-BOX. The history of
 * diagnoses (each a command of the command model: 0x19 DTCs, 0x22 identifiers, 0x14 clear, 0x10
 * session, 0x11 reset) by VIN and service, the result decoded per row and the vehicle's timeline;
 * 发起诊断 for the searched VIN picks an ECU of its model and a service the account may send
 * (reading and changing are separate permissions). The list reads again every second while a
 * diagnosis is open.
 */
export default function UdsPage() {
  const t = useT();
  const states = catalogueEnum(t, "cmd.state", STATES, stateTones);
  const services = catalogueEnum(t, "uds.service", api.UDS_SERVICE_NAMES);
  return (
    <ListPage
      screen="udsDiagnosis"
      title={t("uds.heading")}
      hint={t("uds.hint")}
      filters={filters}
      paging="numbered"
      load={({ filters: f, pageNum, pageSize, signal }) =>
        api.listUdsDiagnoses({ ...query(f), pageNum, pageSize }, signal)
      }
      poll={(rows) => (rows.some((r) => OPEN_STATES.includes(r.state)) ? 1000 : null)}
      exportAs={{ op: "exportUdsDiagnoses", run: (f) => api.exportUdsDiagnoses(query(f)) }}
      search={[
        { kind: "vin", key: "vin", label: t("uds.vin") },
        { kind: "choice", key: "service", label: t("uds.service"), options: services.options },
      ]}
      titleExtra={sendExtra}
      rowKey={(row) => String(row.id)}
      columns={[
        { key: "vin", title: t("uds.vin"), width: 180 },
        { key: "ecuName", title: t("uds.ecu"), width: 150 },
        ellipsisColumn<Row>("requestText", t("uds.request"), 200),
        enumColumn<Row>("state", t("uds.state"), states.badges),
        { key: "result", title: t("uds.result"), width: 260, render: (r) => resultSummary(t, r) },
        { key: "sender", title: t("uds.sender"), width: 90 },
        dateTimeColumn<Row>("createdAt", t("uds.createdAt")),
        actionsColumn<Row>(t("kit.actions"), rowButtons, 130),
      ]}
    />
  );
}
