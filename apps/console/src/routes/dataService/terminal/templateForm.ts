import * as d from "@tsp/domain";
import type { FieldErrors, FormField } from "@tsp/ui";
import * as v from "valibot";
import type { Translate } from "../../../i18n/i18n";
import { refusalByField } from "../../../kit/RowActions";

/**
 * The template form's values: the parameters as lines (`0x02=30`), read and checked by the
 * domain's parseParamLines as typed — the same rules the server applies.
 */
export const TemplateSchema = v.object({
  name: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, "请输入模板名称"),
    v.maxLength(d.MAX_TEMPLATE_NAME, `模板名称不超过${d.MAX_TEMPLATE_NAME}个字`),
  ),
  params: v.pipe(
    v.array(v.string()),
    v.check((lines) => lines.some((l) => l.trim() !== ""), "请至少设置一个参数"),
    v.check(
      (lines) => d.parseParamLines(lines).problem === null,
      (issue) => d.parseParamLines(issue.input as string[]).problem ?? "",
    ),
    v.check(
      (lines) => d.parseParamLines(lines).params.length <= d.MAX_TEMPLATE_PARAMS,
      `一个模板最多${d.MAX_TEMPLATE_PARAMS}个参数`,
    ),
  ),
  remark: v.pipe(v.string(), v.maxLength(d.MAX_TEMPLATE_REMARK, `备注不超过${d.MAX_TEMPLATE_REMARK}个字`)),
});
export type TemplateValues = v.InferOutput<typeof TemplateSchema>;

export const templateFields = (t: Translate): FormField[] => [
  { key: "name", kind: "text", label: t("termParam.name"), required: true, maxLength: d.MAX_TEMPLATE_NAME },
  { key: "params", kind: "lines", label: t("termParam.paramsLines"), required: true },
  { key: "remark", kind: "textarea", label: t("termParam.remark"), maxLength: d.MAX_TEMPLATE_REMARK },
];

/** The body of a save: the lines read by the domain, GB/T 32960 (the only protocol offered). */
export function templateBody(values: TemplateValues) {
  return {
    name: values.name,
    protocol: "gbt32960" as const,
    params: d.parseParamLines(values.params).params,
    remark: values.remark.trim() || null,
  };
}

/** The server's refusal with its `params[i].value` fields shown on the lines field. */
export function templateRefusal(error: unknown): FieldErrors {
  const out: Record<string, string> = {};
  for (const [field, msg] of Object.entries(refusalByField(error) ?? {}))
    out[field.startsWith("params") ? "params" : field] ??= msg;
  return out;
}
