import * as d from "@tsp/domain";
import { buttonClass, Dialog, FormDialog, inputClass, useToast } from "@tsp/ui";
import { useId, useState } from "react";
import * as v from "valibot";
import * as av from "../../../api/audioVideo";
import * as api from "../../../api/commands";
import { useT } from "../../../i18n/i18n";
import { refusalByField } from "../../../kit/RowActions";

const STREAM = ["encodeMode", "resolution", "keyFrameInterval", "frameRate", "bitRate"] as const;
const num = v.pipe(v.number("请输入数字"), v.integer("请输入整数"));
const Schema = v.object({
  ...Object.fromEntries(
    STREAM.flatMap((k) => [
      [`live.${k}`, num],
      [`stored.${k}`, num],
    ]),
  ),
  osd: v.array(v.number()),
  audioOutput: num,
  threshold: num,
  duration: num,
  before: num,
}) as unknown as v.GenericSchema<Form>;
type Form = Record<string, number | number[]>;

/** The form's values from the terminal's answer. */
function formOf(a: av.AvParamValues): Form {
  const p = a.avParams as av.AvParams;
  const r = a.alarmRecording ?? { threshold: 20, duration: 5, before: 1 };
  return {
    ...Object.fromEntries(
      STREAM.flatMap((k) => [
        [`live.${k}`, p.live[k]],
        [`stored.${k}`, p.stored[k]],
      ]),
    ),
    osd: d.JT1078_OSD_BITS.map((_, bit) => bit).filter((bit) => (p.osd & (1 << bit)) !== 0),
    audioOutput: p.audioOutput,
    threshold: r.threshold,
    duration: r.duration,
    before: r.before,
  };
}

const stream = (f: Form, s: "live" | "stored") =>
  Object.fromEntries(STREAM.map((k) => [k, f[`${s}.${k}`] as number])) as unknown as av.AvParams["live"];

/** A code list as select options (the code is the index). */
const select = (values: readonly string[]) => values.map((label, value) => ({ value: String(value), label }));

/** The domain's / server's field (`avParams.live.frameRate`, `alarmRecording.threshold`) as the form's key. */
const formKey = (field: string) => field.replace(/^(avParams|alarmRecording)\./, "");

/**
 * 设置音视频参数: the VIN, 读取当前值 (an avQuery followed until the terminal answers), then the
 * form filled with the terminal's values — checked by @tsp/domain's jt1078ParamProblems before
 * it is sent as an avSet. `onSent` opens the vehicle's timeline.
 */
export function AvDialog({ onClose, onSent }: { onClose: () => void; onSent: (vin: string) => void }) {
  const t = useT();
  const toast = useToast();
  const id = useId();
  const [vin, setVin] = useState("");
  const [reading, setReading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [current, setCurrent] = useState<av.AvParamValues | null>(null);

  async function read() {
    if (d.vinProblem(vin) !== null) {
      setProblem(t("av.vinRule"));
      return;
    }
    setProblem(null);
    setReading(true);
    try {
      const c = await av.sendAvQuery(vin);
      for (let i = 0; i < 120; i++) {
        const now = await api.getCommand(c.id);
        if (!api.isOpen(now.state)) {
          if (now.state === "success" && now.answer && "av" in now.answer) setCurrent(now.answer.av);
          else setProblem(now.reason ?? t(`cmd.state.${now.state as api.CommandState}`));
          return;
        }
        await new Promise((r) => setTimeout(r, 500));
      }
      setProblem(t("av.noAnswer"));
    } catch (error) {
      setProblem(refusalByField(error)?.vin ?? refusalByField(error)?.[""] ?? t("kit.loadFailed"));
    } finally {
      setReading(false);
    }
  }

  if (current) {
    const streamFields = (s: "live" | "stored") => [
      {
        key: `${s}.encodeMode`,
        kind: "select" as const,
        numeric: true,
        label: t(`av.${s}.encodeMode`),
        options: select(d.JT1078_ENCODE_MODES),
      },
      {
        key: `${s}.resolution`,
        kind: "select" as const,
        numeric: true,
        label: t(`av.${s}.resolution`),
        options: select(d.JT1078_RESOLUTIONS),
      },
      { key: `${s}.keyFrameInterval`, kind: "number" as const, label: t(`av.${s}.keyFrameInterval`) },
      { key: `${s}.frameRate`, kind: "number" as const, label: t(`av.${s}.frameRate`) },
      { key: `${s}.bitRate`, kind: "number" as const, label: t(`av.${s}.bitRate`) },
    ];
    return (
      <FormDialog
        open
        title={t("av.setTitle", { vin })}
        width={720}
        fields={[
          ...streamFields("live"),
          ...streamFields("stored"),
          { key: "osd", kind: "checks", numeric: true, label: t("av.osd"), options: select(d.JT1078_OSD_BITS) },
          {
            key: "audioOutput",
            kind: "select",
            numeric: true,
            label: t("av.audioOutput"),
            options: select([t("av.off"), t("av.on")]),
          },
          { key: "threshold", kind: "number", label: t("av.threshold") },
          { key: "duration", kind: "number", label: t("av.duration") },
          { key: "before", kind: "number", label: t("av.before") },
        ]}
        initial={formOf(current)}
        schema={Schema}
        onClose={onClose}
        onSubmit={async (f) => {
          const avParams = {
            live: stream(f, "live"),
            stored: stream(f, "stored"),
            osd: (f.osd as number[]).reduce((a, bit) => a | (1 << bit), 0),
            audioOutput: f.audioOutput as number,
          };
          const alarmRecording = {
            threshold: f.threshold as number,
            duration: f.duration as number,
            before: f.before as number,
          };
          const problems = d.jt1078ParamProblems({ avParams, alarmRecording });
          if (problems.length > 0) return Object.fromEntries(problems.map((p) => [formKey(p.field), p.message]));
          try {
            const c = await av.sendAvSet(vin, avParams, alarmRecording);
            toast.success(t("cmd.queued", { id: c.id }));
          } catch (error) {
            const byField = refusalByField(error);
            return byField ? Object.fromEntries(Object.entries(byField).map(([k, m]) => [formKey(k), m])) : {};
          }
          onSent(vin);
          return null;
        }}
      />
    );
  }
  return (
    <Dialog open title={t("av.readTitle")} onClose={onClose} width={520}>
      <div className="flex flex-col gap-2">
        <label htmlFor={`${id}-vin`} className="text-sm text-gray-700">
          VIN
        </label>
        <input
          id={`${id}-vin`}
          className={inputClass()}
          value={vin}
          maxLength={17}
          aria-describedby={`${id}-msg`}
          onChange={(e) => setVin(e.target.value.trim().toUpperCase())}
          onKeyDown={(e) => {
            if (e.key === "Enter") void read();
          }}
        />
        <p id={`${id}-msg`} className="min-h-5 text-sm text-red-700" role={problem ? "alert" : undefined}>
          {problem ?? ""}
        </p>
        <div className="flex justify-end">
          <button type="button" className={buttonClass("primary")} disabled={reading} onClick={() => void read()}>
            {reading ? t("av.reading") : t("av.read")}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
