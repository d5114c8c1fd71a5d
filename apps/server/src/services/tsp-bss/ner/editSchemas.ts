import type { ValidateFunction } from "ajv";
import { createAjv } from "../../../http/ajv";
import { fieldOf, messageOf } from "../../../http/validationMessages";
import { loadDocuments } from "../../../openapi/documents";
import { listOperations } from "../../../openapi/operations";
import { bodySchemaOf } from "../../../openapi/requestSchema";
import type { NerGroup } from "../tables";
import { GROUPS, labelOf } from "./groups";

let validators: Map<NerGroup, ValidateFunction> | null = null;
/** The operations of openapi/, read once (the documents do not change while the server runs). */
let operations: ReturnType<typeof listOperations> | null = null;

/** The JSON body schema of a group's update operation in openapi/ (bundled: `$ref` into `$defs`). */
function bodySchemaOfGroup(group: NerGroup): object {
  operations ??= listOperations(loadDocuments());
  const op = operations.find((o) => o.operationId === GROUPS[group].updateOperation);
  const schema = op ? bodySchemaOf(op) : undefined;
  if (!schema) throw new Error(`openapi/ has no body schema for ${GROUPS[group].updateOperation}`);
  return schema as object;
}

/** A property schema of openapi (the parts the import template's notes read). */
export interface FieldSchema {
  enum?: unknown[];
  maxLength?: number;
}

/**
 * The property schemas of a group's Edit schema by field, read from openapi/ (the template's
 * 填写说明 sheet lists allowed values and lengths from here, not from a copy).
 */
export function editFieldSchemas(group: NerGroup): Record<string, FieldSchema> {
  const schema = bodySchemaOfGroup(group) as { $ref?: string; $defs?: Record<string, unknown>; properties?: unknown };
  const target = schema.$ref?.startsWith("#/$defs/") ? schema.$defs?.[schema.$ref.slice("#/$defs/".length)] : schema;
  return ((target as { properties?: Record<string, FieldSchema> } | undefined)?.properties ?? {}) as Record<
    string,
    FieldSchema
  >;
}

/**
 * The validator of a group's Edit schema, taken from the body of its update operation in
 * openapi/ (no schema written twice: an imported row passes exactly what an edit passes).
 */
function validatorOf(group: NerGroup): ValidateFunction {
  if (!validators) {
    const ajv = createAjv({ coerce: false });
    validators = new Map();
    for (const g of Object.values(GROUPS)) validators.set(g.group, ajv.compile(bodySchemaOfGroup(g.group)));
  }
  const v = validators.get(group);
  if (!v) throw new Error(`no validator for ${group}`);
  return v;
}

/**
 * Every reason a record does not pass the group's Edit schema, in Chinese with the column
 * label, one per field in the schema's order of errors (an import row reports all of them);
 * empty when it passes.
 */
export function editProblems(group: NerGroup, record: Record<string, unknown>): string[] {
  const validate = validatorOf(group);
  if (validate(record)) return [];
  const byField = new Map<string, string>();
  for (const error of validate.errors ?? []) {
    if (["anyOf", "oneOf", "if"].includes(error.keyword)) continue;
    const field = fieldOf(error).split(".")[0] ?? "";
    if (!byField.has(field))
      byField.set(field, `${field === "vin" ? "VIN" : labelOf(group, field)}：${messageOf(error)}`);
  }
  return byField.size > 0 ? [...byField.values()] : ["数据不正确"];
}

/** Why a record does not pass the group's Edit schema (the first reason); null when it passes. */
export function editProblem(group: NerGroup, record: Record<string, unknown>): string | null {
  return editProblems(group, record)[0] ?? null;
}
