import {
  type ParamEntry,
  type ParamValue,
  paramDef,
  paramIdText,
  paramValueProblem,
  paramValueText,
} from "../gbt32960/downlink/params";

/**
 * 终端参数设置 (数据服务 › 终端参数设置, issue 20; designed — the spec shows no fields): a parameter
 * template is a named set of terminal parameters (id → value) of one protocol, applied to many
 * terminals at once as set-parameter commands. Only GB/T 32960 (0x81) is offered: JT/T 808's
 * general parameters (jt808/params/generalParams.ts, 0x8103) are set one vehicle at a time, the
 * batches being built on GB/T 32960's set command.
 */
export const PARAM_TEMPLATE_PROTOCOLS = ["gbt32960"] as const;
export type ParamTemplateProtocol = (typeof PARAM_TEMPLATE_PROTOCOLS)[number];
export const PARAM_TEMPLATE_PROTOCOL_LABELS: Readonly<Record<ParamTemplateProtocol, string>> = {
  gbt32960: "GB/T 32960",
};

export const MAX_TEMPLATE_NAME = 50;
export const MAX_TEMPLATE_REMARK = 200;
/** A set command carries at most this many parameters (the settable standard ids plus a few maker ones). */
export const MAX_TEMPLATE_PARAMS = 20;

export interface ParamTemplateInput {
  readonly name: string;
  readonly protocol: string;
  readonly params: readonly ParamEntry[];
  readonly remark?: string | null;
}

export interface TemplateProblem {
  readonly field: string;
  readonly msg: string;
}

/** Every reason a template may not be saved, by field (Chinese); empty when it may. */
export function templateProblems(t: ParamTemplateInput): TemplateProblem[] {
  const out: TemplateProblem[] = [];
  const name = t.name.trim();
  if (name.length === 0) out.push({ field: "name", msg: "请输入模板名称" });
  else if (name.length > MAX_TEMPLATE_NAME) out.push({ field: "name", msg: `模板名称不超过${MAX_TEMPLATE_NAME}个字` });
  if (!(PARAM_TEMPLATE_PROTOCOLS as readonly string[]).includes(t.protocol))
    out.push({ field: "protocol", msg: "协议暂只支持GB/T 32960" });
  if ((t.remark ?? "").length > MAX_TEMPLATE_REMARK)
    out.push({ field: "remark", msg: `备注不超过${MAX_TEMPLATE_REMARK}个字` });
  if (t.params.length === 0) out.push({ field: "params", msg: "请至少设置一个参数" });
  else if (t.params.length > MAX_TEMPLATE_PARAMS)
    out.push({ field: "params", msg: `一个模板最多${MAX_TEMPLATE_PARAMS}个参数` });
  const seen = new Set<number>();
  for (const [i, p] of t.params.entries()) {
    if (seen.has(p.id)) {
      out.push({ field: `params[${i}].id`, msg: `参数${paramIdText(p.id)}重复` });
      continue;
    }
    seen.add(p.id);
    const problem = paramValueProblem(p.id, p.value);
    if (problem) out.push({ field: `params[${i}].value`, msg: problem });
  }
  return out;
}

/** The template's parameters in id order (how they are stored and sent). */
export function sortedParams(params: readonly ParamEntry[]): ParamEntry[] {
  return params.toSorted((a, b) => a.id - b.id);
}

const LINE = /^\s*(0[xX][0-9a-fA-F]{1,2}|\d{1,3})\s*[=＝:：]\s*(.*?)\s*$/;

/** A line of the template form: `0x02=30` (id in hex or decimal, then its value). */
export interface ParsedParamLines {
  readonly params: ParamEntry[];
  /** The first line that is not `id=value`, or has a value the parameter cannot take (Chinese). */
  readonly problem: string | null;
}

/**
 * Reads the form's lines (`0x02=30`, one parameter a line; blank lines skipped). A number
 * parameter's value is read as an integer, a text or maker one as it is written; each value is
 * checked by the standard's rules as typed, so the message names the line.
 */
export function parseParamLines(lines: readonly string[]): ParsedParamLines {
  const params: ParamEntry[] = [];
  for (const [i, raw] of lines.entries()) {
    if (raw.trim() === "") continue;
    const m = LINE.exec(raw);
    if (!m) return { params, problem: `第${i + 1}行应为“参数ID=值”，如0x02=30` };
    const idText = m[1] as string;
    const id = idText.toLowerCase().startsWith("0x") ? Number.parseInt(idText.slice(2), 16) : Number(idText);
    const def = paramDef(id);
    const text = m[2] as string;
    const value: ParamValue =
      def && def.kind !== "text" && def.kind !== "oem" && /^-?\d+$/.test(text) ? Number(text) : text;
    const problem = paramValueProblem(id, value);
    if (problem) return { params, problem: `第${i + 1}行：${problem}` };
    params.push({ id, value });
  }
  return { params, problem: null };
}

/** The form's lines of a template's parameters (parseParamLines reads them back). */
export function paramLines(params: readonly ParamEntry[]): string[] {
  return sortedParams(params).map((p) => `${paramIdText(p.id)}=${p.value}`);
}

/** One parameter as an operator reads it: `正常时信息上报时间周期 = 30 s`. */
export function paramSummary(p: ParamEntry): string {
  return `${paramDef(p.id)?.name ?? paramIdText(p.id)} = ${paramValueText(p.id, p.value)}`;
}

/** One change of a saved template, for its change log. */
export interface TemplateChange {
  readonly field: string;
  readonly before: string | null;
  readonly after: string | null;
}

const remarkOf = (r: string | null | undefined) => (r ?? "").trim() || null;

/** What a save changed: name, remark and each parameter added, removed or changed (by its name). */
export function templateChanges(before: ParamTemplateInput, after: ParamTemplateInput): TemplateChange[] {
  const out: TemplateChange[] = [];
  if (before.name.trim() !== after.name.trim())
    out.push({ field: "模板名称", before: before.name.trim(), after: after.name.trim() });
  if (remarkOf(before.remark) !== remarkOf(after.remark))
    out.push({ field: "备注", before: remarkOf(before.remark), after: remarkOf(after.remark) });
  const old = new Map(before.params.map((p) => [p.id, p.value]));
  const now = new Map(after.params.map((p) => [p.id, p.value]));
  const ids = [...new Set([...old.keys(), ...now.keys()])].toSorted((a, b) => a - b);
  for (const id of ids) {
    const a = old.get(id);
    const b = now.get(id);
    if (a === b) continue;
    out.push({
      field: paramDef(id)?.name ?? paramIdText(id),
      before: a === undefined ? null : paramValueText(id, a),
      after: b === undefined ? null : paramValueText(id, b),
    });
  }
  return out;
}
