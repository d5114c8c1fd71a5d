import * as d from "@tsp/domain";
import { buttonClass, inputClass, useToast } from "@tsp/ui";
import { type FormEvent, useState } from "react";
import { type Command, type Jt808ParamRead, sendJt808ParamSet } from "../../../api/commands";
import { useT } from "../../../i18n/i18n";
import { refusalByField } from "../../../kit/RowActions";

/** A read item as text: a code's name, a number with its unit, text as it is, an unknown id's bytes. */
function shown(p: Jt808ParamRead, raw: (hex: string) => string): string {
  if (p.value === undefined) return raw(p.hex ?? "");
  const def = d.jt808GeneralParam(p.id);
  const option = def?.options?.find(([code]) => code === p.value)?.[1];
  if (option) return `${p.value}（${option}）`;
  return def?.unit ? `${p.value} ${def.unit}` : String(p.value);
}

/** The values a 0x0104 answered, in the terminal's order, with the standard's names. */
export function Jt808ParamTable({ params }: { params: readonly Jt808ParamRead[] }) {
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
            <td className="py-1">0x{d.hexId(p.id)}</td>
            <td className="py-1">{d.jt808GeneralParam(p.id)?.label ?? ""}</td>
            <td className="py-1">{shown(p, (hex) => t("cmd.jt808.raw", { hex }))}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A draft as the domain checks it: STRING parameters as typed, the others as numbers. */
const typed = (def: d.Jt808GeneralParamDef, text: string): number | string =>
  def.type === "STRING" ? text : text.trim() === "" ? Number.NaN : Number(text);

/**
 * The JT/T 808 set form: every parameter of @tsp/domain's JT808_GENERAL_PARAMS with the value
 * the terminal answered (codes as a select), sending the changed ones as 0x8103 — each checked by
 * the domain first, its message under its field.
 */
export function Jt808ParamForm({
  vin,
  current,
  onSent,
}: {
  vin: string;
  current: readonly Jt808ParamRead[];
  onSent: (c: Command) => void;
}) {
  const t = useT();
  const toast = useToast();
  const initial: Record<number, string> = Object.fromEntries(
    current.filter((p) => p.value !== undefined).map((p) => [p.id, String(p.value)]),
  );
  const [draft, setDraft] = useState<Record<number, string>>(initial);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const changed = d.JT808_GENERAL_PARAMS.filter((p) => (draft[p.id] ?? "") !== (initial[p.id] ?? ""));
    const problems: Record<number, string> = {};
    for (const p of changed) {
      const problem = d.jt808GeneralParamProblem(p.id, typed(p, draft[p.id] ?? ""));
      if (problem) problems[p.id] = problem;
    }
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    if (changed.length === 0) {
      toast.error(t("cmd.noChange"));
      return;
    }
    try {
      const c = await sendJt808ParamSet(
        vin,
        changed.map((p) => ({ id: p.id, value: typed(p, draft[p.id] ?? "") })),
      );
      toast.success(t("cmd.queued", { id: c.id }));
      onSent(c);
    } catch (error) {
      toast.error(Object.values(refusalByField(error) ?? {})[0] ?? String(error));
    }
  };
  return (
    <form onSubmit={submit} className="flex max-w-3xl flex-col gap-2" aria-label={t("cmd.setting.heading")}>
      {d.JT808_GENERAL_PARAMS.map((p) => {
        const id = `jt808-param-${p.id}`;
        const common = {
          id,
          value: draft[p.id] ?? "",
          "aria-invalid": errors[p.id] ? true : undefined,
          "aria-describedby": errors[p.id] ? `${id}-error` : undefined,
        };
        return (
          <div key={p.id} className="grid grid-cols-[260px_1fr] items-center gap-2">
            <label htmlFor={id} className="text-sm text-gray-700">
              {p.label}（0x{d.hexId(p.id)}）{p.unit ? `（${p.unit}）` : ""}
            </label>
            <div className="flex flex-col">
              {p.options ? (
                <select
                  {...common}
                  className={inputClass()}
                  onChange={(e) => setDraft({ ...draft, [p.id]: e.target.value })}
                >
                  {(draft[p.id] ?? "") === "" && <option value="" />}
                  {p.options.map(([code, name]) => (
                    <option key={code} value={String(code)}>
                      {code}（{name}）
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  {...common}
                  className={inputClass()}
                  inputMode={p.type === "STRING" ? undefined : "numeric"}
                  onChange={(e) => setDraft({ ...draft, [p.id]: e.target.value })}
                />
              )}
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
