import * as d from "@tsp/domain";
import { buttonClass, FormDialog, useToast } from "@tsp/ui";
import { useState } from "react";
import * as v from "valibot";
import * as api from "../../../api/commands";
import { type Translate, useT } from "../../../i18n/i18n";
import { useListReload } from "../../../kit/ListPage";
import { refusalByField } from "../../../kit/RowActions";
import { useCan } from "../../../permission/useCan";
import { Jt808SentDialog } from "./Jt808SentDialog";

/** The form's choices: the 0x8105 words, 连接指定服务器 split by its 连接控制 (0 a given server, 1 back). */
const CHOICES = [
  "reset",
  "factoryReset",
  "shutdown",
  "closeData",
  "closeWireless",
  "connectServer",
  "connectOriginal",
  "upgrade",
] as const;
type Choice = (typeof CHOICES)[number];

const text = v.nullable(v.string());
const port = v.nullable(v.number());

/** VIN by @tsp/domain's rule; the URL and the address where the command goes somewhere (the server checks the rest with the domain's encoder). */
function controlSchema(t: Translate) {
  return v.pipe(
    v.object({
      vin: v.pipe(
        v.string(),
        v.check((s) => d.vinProblem(s) === null, t("cmd.remote.msg.vin")),
      ),
      command: v.picklist(CHOICES),
      url: text,
      address: text,
      tcpPort: port,
      udpPort: port,
      apn: text,
      user: text,
      password: text,
      authCode: text,
      maker: text,
      hardware: text,
      firmware: text,
      limitMinutes: port,
    }),
    v.forward(
      v.check((c) => c.command !== "upgrade" || !!c.url?.trim(), t("cmd.jt808.msg.url")),
      ["url"],
    ),
    v.forward(
      v.check((c) => c.command !== "connectServer" || !!c.address?.trim(), t("cmd.jt808.msg.address")),
      ["address"],
    ),
  );
}

type Values = v.InferOutput<ReturnType<typeof controlSchema>>;

/** The request: only the fields filled in (the server sends the empty ones empty, as the standard allows). */
function requestOf(c: Values): api.Jt808ControlRequest {
  if (c.command === "connectOriginal") return { vin: c.vin, command: "connectServer", connection: 1 };
  const filled = Object.fromEntries(
    Object.entries(c).filter(([k, value]) => k !== "vin" && k !== "command" && value !== null && value !== ""),
  );
  return { vin: c.vin, command: c.command, connection: 0, ...filled };
}

/**
 * 终端设置管理's JT/T 808 终端控制 (0x8105): reset, factory reset, shutdown, close the data or every
 * wireless link, connect to a given server (or back) and wireless upgrade, behind their own
 * permission; after sending, the command's state and the vehicle's timeline.
 */
export function Jt808ControlButton() {
  const t = useT();
  const can = useCan();
  const toast = useToast();
  const reload = useListReload();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<{ id: number; vin: string } | null>(null);
  if (!can("sendJt808TerminalControl")) return null;
  const options = CHOICES.map((c) => ({ value: c, label: t(`cmd.jt808.command.${c}`) }));
  return (
    <>
      <button type="button" className={buttonClass("default")} onClick={() => setOpen(true)}>
        {t("cmd.jt808.control")}
      </button>
      {open && (
        <FormDialog
          open
          title={t("cmd.jt808.controlTitle")}
          width={640}
          fields={[
            { key: "vin", kind: "text", label: t("cmd.vin"), required: true, maxLength: 17 },
            { key: "command", kind: "select", label: t("cmd.controlCommand"), required: true, options },
            { key: "address", kind: "text", label: t("cmd.jt808.address"), maxLength: 100 },
            { key: "tcpPort", kind: "number", label: t("cmd.jt808.tcpPort") },
            { key: "udpPort", kind: "number", label: t("cmd.jt808.udpPort") },
            { key: "authCode", kind: "text", label: t("cmd.jt808.authCode"), maxLength: 100 },
            { key: "url", kind: "text", label: t("cmd.jt808.url"), maxLength: 200 },
            { key: "maker", kind: "text", label: t("cmd.jt808.maker"), maxLength: 11 },
            { key: "hardware", kind: "text", label: t("cmd.jt808.hardware"), maxLength: 50 },
            { key: "firmware", kind: "text", label: t("cmd.jt808.firmware"), maxLength: 50 },
            { key: "apn", kind: "text", label: t("cmd.jt808.apn"), maxLength: 100 },
            { key: "user", kind: "text", label: t("cmd.jt808.user"), maxLength: 100 },
            { key: "password", kind: "password", label: t("cmd.jt808.password"), maxLength: 100 },
            { key: "limitMinutes", kind: "number", label: t("cmd.jt808.limit") },
          ]}
          initial={{
            vin: "",
            command: "reset" as Choice,
            url: null,
            address: null,
            tcpPort: null,
            udpPort: null,
            apn: null,
            user: null,
            password: null,
            authCode: null,
            maker: null,
            hardware: null,
            firmware: null,
            limitMinutes: null,
          }}
          schema={controlSchema(t)}
          onClose={() => setOpen(false)}
          onSubmit={async (values) => {
            try {
              const c = await api.sendJt808TerminalControl(requestOf(values));
              toast.success(t("cmd.queued", { id: c.id }));
              setSent({ id: c.id, vin: c.vin });
            } catch (error) {
              return refusalByField(error) ?? {};
            }
            setOpen(false);
            reload();
            return null;
          }}
        />
      )}
      {sent && (
        <Jt808SentDialog
          id={sent.id}
          vin={sent.vin}
          onClose={() => {
            setSent(null);
            reload();
          }}
        />
      )}
    </>
  );
}
