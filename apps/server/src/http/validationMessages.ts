import type { ErrorObject } from "ajv";
import type { FailDetail } from "./envelope";

const TYPE_NAMES: Record<string, string> = {
  string: "字符串",
  number: "数字",
  integer: "整数",
  boolean: "布尔值（true 或 false）",
  array: "数组",
  object: "对象",
  null: "空值",
};

/** Where a failing value sits, as a dotted field name (`vin`, `list.0.vin`). */
export function fieldOf(error: ErrorObject): string {
  const base = error.instancePath.replace(/^\//, "").split("/").join(".");
  const missing = (error.params as { missingProperty?: string }).missingProperty;
  if (error.keyword === "required" && missing) return base ? `${base}.${missing}` : missing;
  const extra = (error.params as { additionalProperty?: string }).additionalProperty;
  if (error.keyword === "additionalProperties" && extra) return base ? `${base}.${extra}` : extra;
  return base || "body";
}

/** A Chinese sentence for one ajv error, for a person reading the console's toast. */
export function messageOf(error: ErrorObject): string {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "required":
      return "必填";
    case "type":
      return `应为${String(p.type)
        .split(",")
        .map((t) => TYPE_NAMES[t] ?? t)
        .join("或")}`;
    case "maxLength":
      return `长度不能超过${p.limit}`;
    case "minLength":
      return p.limit === 1 ? "不能为空" : `长度不能少于${p.limit}`;
    case "pattern":
      return "格式不正确";
    case "format":
      return `格式不正确（应为 ${p.format}）`;
    case "enum":
      return `取值应为 ${(p.allowedValues as unknown[]).map(String).join("、")} 之一`;
    case "const":
      return `取值应为 ${String(p.allowedValue)}`;
    case "minimum":
      return `不能小于${p.limit}`;
    case "maximum":
      return `不能大于${p.limit}`;
    case "exclusiveMinimum":
      return `应大于${p.limit}`;
    case "exclusiveMaximum":
      return `应小于${p.limit}`;
    case "maxItems":
      return `最多${p.limit}项`;
    case "minItems":
      return `至少${p.limit}项`;
    case "additionalProperties":
      return "不是可接受的字段";
    case "multipleOf":
      return `应为${p.multipleOf}的倍数`;
    default:
      return "取值不正确";
  }
}

/** Ajv errors as the envelope's `failDetail`, one line per field (the first reason wins). */
export function failDetailOf(errors: readonly ErrorObject[]): FailDetail[] {
  const byField = new Map<string, FailDetail>();
  for (const error of errors) {
    // Alternatives (anyOf/oneOf) repeat the branch errors already listed.
    if (error.keyword === "anyOf" || error.keyword === "oneOf" || error.keyword === "if") continue;
    const field = fieldOf(error);
    if (!byField.has(field)) byField.set(field, { field, msg: `${field}：${messageOf(error)}` });
  }
  return [...byField.values()];
}
