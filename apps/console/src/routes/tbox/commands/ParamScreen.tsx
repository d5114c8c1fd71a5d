import * as d from "@tsp/domain";
import { Badge, buttonClass, inputClass, useToast } from "@tsp/ui";
import { type FormEvent, useState } from "react";
import {
  type Command,
  isOpen,
  type ParamEntry,
  sendJt808ParamQuery,
  sendParamQuery,
  sendParamSet,
} from "../../../api/commands";
import { useT } from "../../../i18n/i18n";
import { refusalByField } from "../../../kit/RowActions";
import { useCan } from "../../../permission/useCan";
import { CommandTimeline } from "./CommandTimeline";
import { Jt808ParamForm, Jt808ParamTable } from "./Jt808ParamForm";
import { useCommandWatch } from "./useCommandWatch";

/** Every standard parameter but the length ids (asked with their domain): what a query reads. */
const QUERY_IDS = d.STANDARD_PARAMS.filter((p) => p.kind !== "length").map((p) => p.id);
const STATE_TONES = { success: "green", failed: "red", expired: "amber", cancelled: "gray" } as const;

function StateBadge({ command }: { command: Command }) {
  const t = useT();
  return (
    <span className="flex flex-wrap items-center gap-2 text-sm" data-testid="command-state">
      #{command.id}
      <Badge tone={STATE_TONES[command.state as keyof typeof STATE_TONES] ?? "blue"}>
        {t(`cmd.state.${command.state}`)}
      </Badge>
      {isOpen(command.state) && <span className="text-gray-600">{t("cmd.waiting")}</span>}
      {command.reason && <span className="text-gray-600">{command.reason}</span>}
    </span>
  );
}

/** The values a query answered, with the standard's names and units. */
function ParamTable({ params }: { params: readonly ParamEntry[] }) {
  const t = useT();
  return (
    <table className="w-full max-w-3xl text-left text-sm" aria-label={t("cmd.result")}>
      <thead className="text-gray-600">
        <tr>
          <th className="py-1 font-normal">{t("cmd.paramId")}</th>
          <th className="py-1 font-normal">{t("cmd.paramName")}</th>
          <th className="py-1 font-normal">{t("cmd.value")}</th>
        </tr>
      </thead>
      <tbody>
        {params.map((p) => (
          <tr key={p.id} className="border-t border-gray-100">
            <td className="py-1">{d.paramIdText(p.id)}</td>
            <td className="py-1">{d.paramDef(p.id)?.name ?? ""}</td>
            <td className="py-1">{d.paramValueText(p.id, p.value)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A typed value as the domain checks it: text parameters as typed, the others as numbers. */
const typedValue = (id: number, text: string): d.ParamValue =>
  d.paramDef(id)?.kind === "text" ? text : text.trim() === "" ? Number.NaN : Number(text);

/** The set form: each settable parameter with its current value, checked by the domain as typed. */
function SetForm({
  vin,
  current,
  onSent,
}: {
  vin: string;
  current: readonly ParamEntry[];
  onSent: (c: Command) => void;
}) {
  const t = useT();
  const toast = useToast();
  const settable = d.STANDARD_PARAMS.filter((p) => p.settable);
  const initial = Object.fromEntries(current.map((p) => [p.id, String(p.value)]));
  const [draft, setDraft] = useState<Record<number, string>>(initial);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const changed = settable.filter((p) => (draft[p.id] ?? "") !== (initial[p.id] ?? ""));
    const problems: Record<number, string> = {};
    for (const p of changed) {
      const problem = d.paramValueProblem(p.id, typedValue(p.id, draft[p.id] ?? ""));
      if (problem) problems[p.id] = problem;
    }
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    if (changed.length === 0) {
      toast.error(t("cmd.noChange"));
      return;
    }
    try {
      const c = await sendParamSet(
        vin,
        changed.map((p) => ({ id: p.id, value: typedValue(p.id, draft[p.id] ?? "") })),
      );
      toast.success(t("cmd.queued", { id: c.id }));
      onSent(c);
    } catch (error) {
      toast.error(Object.values(refusalByField(error) ?? {})[0] ?? String(error));
    }
  };
  return (
    <form onSubmit={submit} className="flex max-w-3xl flex-col gap-2" aria-label={t("cmd.setting.heading")}>
      {settable.map((p) => {
        const id = `param-${p.id}`;
        return (
          <div key={p.id} className="grid grid-cols-[220px_1fr] items-center gap-2">
            <label htmlFor={id} className="text-sm text-gray-700">
              {p.name}
              {p.unit ? `（${p.unit}）` : ""}
            </label>
            <div className="flex flex-col">
              <input
                id={id}
                className={inputClass()}
                value={draft[p.id] ?? ""}
                aria-invalid={errors[p.id] ? true : undefined}
                aria-describedby={errors[p.id] ? `${id}-error` : undefined}
                onChange={(e) => setDraft({ ...draft, [p.id]: e.target.value })}
              />
              {errors[p.id] && (
                <span id={`${id}-error`} role="alert" className="text-xs text-red-700">
                  {errors[p.id]}
                </span>
              )}
            </div>
          </div>
        );
      })}
      <div>
        <button type="submit" className={buttonClass("primary")}>
          {t("cmd.send")}
        </button>
      </div>
    </form>
  );
}

type Protocol = "gbt32960" | "jt808";

/**
 * 报警参数查询 and 报警参数设置: a VIN and its terminal's protocol, then the terminal's current
 * parameters read — GB/T 32960 0x80, or JT/T 808 0x8104 (every general parameter) — as a command
 * that waits for the vehicle; on the setting screen a form of the settable ones that sends the
 * changed values (0x81, or 0x8103 with @tsp/domain's JT/T 808 table), and the vehicle's command
 * timeline. Each protocol's read and set are their own permissions.
 */
export function ParamScreen({ mode }: { mode: "query" | "set" }) {
  const t = useT();
  const can = useCan();
  const protocols = (["gbt32960", "jt808"] as const).filter((p) =>
    can(p === "jt808" ? "sendJt808ParamQuery" : "sendParamQuery"),
  );
  const [protocol, setProtocol] = useState<Protocol>("gbt32960");
  const chosen = protocols.includes(protocol) ? protocol : (protocols[0] ?? "gbt32960");
  const [vinDraft, setVinDraft] = useState("");
  const [vin, setVin] = useState<string | null>(null);
  const [queryId, setQueryId] = useState<number | null>(null);
  const [setId, setSetId] = useState<number | null>(null);
  const [vinError, setVinError] = useState<string | null>(null);
  const query = useCommandWatch(queryId);
  const set = useCommandWatch(setId);
  const read = async (event: FormEvent) => {
    event.preventDefault();
    const text = vinDraft.trim().toUpperCase();
    const problem = d.vinProblem(text);
    setVinError(problem ?? null);
    if (problem) return;
    setVin(text);
    setSetId(null);
    // The previous read (and its form) goes at once: a new read shows only what the terminal answers now.
    setQueryId(null);
    try {
      const c = chosen === "jt808" ? await sendJt808ParamQuery(text) : await sendParamQuery(text, QUERY_IDS);
      setQueryId(c.id);
    } catch (error) {
      const byField = refusalByField(error);
      setVinError(byField?.vin ?? Object.values(byField ?? {})[0] ?? String(error));
    }
  };
  const heading = t(mode === "query" ? "cmd.search.heading" : "cmd.setting.heading");
  return (
    <div className="flex flex-col gap-4 p-4">
      <h1 className="text-lg font-medium text-gray-900">{heading}</h1>
      <form onSubmit={read} className="flex flex-wrap items-start gap-2 rounded-md border border-gray-200 bg-white p-4">
        <label htmlFor="cmd-vin" className="pt-1.5 text-sm text-gray-700">
          {t("cmd.vin")}
        </label>
        <div className="flex flex-col">
          <input
            id="cmd-vin"
            className={inputClass("w-64")}
            maxLength={17}
            value={vinDraft}
            aria-invalid={vinError ? true : undefined}
            aria-describedby="cmd-vin-hint"
            onChange={(e) => setVinDraft(e.target.value)}
          />
          <span id="cmd-vin-hint" className={vinError ? "text-xs text-red-700" : "text-xs text-gray-600"}>
            {vinError ?? t("cmd.vinHint")}
          </span>
        </div>
        {protocols.length > 1 && (
          <>
            <label htmlFor="cmd-protocol" className="pt-1.5 text-sm text-gray-700">
              {t("cmd.protocol")}
            </label>
            <select
              id="cmd-protocol"
              className={inputClass("w-40")}
              value={chosen}
              onChange={(e) => setProtocol(e.target.value as Protocol)}
            >
              {protocols.map((p) => (
                <option key={p} value={p}>
                  {t(`cmd.protocol.${p}`)}
                </option>
              ))}
            </select>
          </>
        )}
        {protocols.length > 0 && (
          <button type="submit" className={buttonClass("primary")}>
            {t(mode === "query" ? "cmd.query" : "cmd.readCurrent")}
          </button>
        )}
      </form>
      {vin && (
        <section
          aria-label={t("cmd.result")}
          className="flex flex-col gap-3 rounded-md border border-gray-200 bg-white p-4"
        >
          <h2 className="text-base font-medium text-gray-800">{t("cmd.result")}</h2>
          {query && <StateBadge command={query} />}
          {query?.answer && "params" in query.answer && mode === "query" && <ParamTable params={query.answer.params} />}
          {query?.answer && "params" in query.answer && mode === "set" && can("sendParamSet") && (
            <SetForm key={query.id} vin={vin} current={query.answer.params} onSent={(c) => setSetId(c.id)} />
          )}
          {query?.answer && "jt808Params" in query.answer && mode === "query" && (
            <Jt808ParamTable params={query.answer.jt808Params} />
          )}
          {query?.answer && "jt808Params" in query.answer && mode === "set" && can("sendJt808ParamSet") && (
            <Jt808ParamForm
              key={query.id}
              vin={vin}
              current={query.answer.jt808Params}
              onSent={(c) => setSetId(c.id)}
            />
          )}
          {query && !query.answer && !isOpen(query.state) && (
            <p className="text-sm text-gray-600">{t("cmd.noAnswer")}</p>
          )}
          {set && <StateBadge command={set} />}
        </section>
      )}
      {vin && (
        <div className="rounded-md border border-gray-200 bg-white p-4">
          <CommandTimeline vin={vin} />
        </div>
      )}
    </div>
  );
}
