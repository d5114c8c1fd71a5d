import type { ValidateFunction } from "ajv";
import { createAjv } from "../../../http/ajv";
import { fieldOf, messageOf } from "../../../http/validationMessages";
import { loadDocuments } from "../../../openapi/documents";
import { listOperations } from "../../../openapi/operations";
import { bodySchemaOf } from "../../../openapi/requestSchema";
import type { NerGroup } from "../tables";
import { GROUPS, labelOf } from "./groups";

let validators: Map<NerGroup, ValidateFunction> | null = null;

/**
 * The validator of a group's Edit schema, taken from the body of its update operation in
 * openapi/ (no schema written twice: an imported row passes exactly what an edit passes).
 */
function validatorOf(group: NerGroup): ValidateFunction {
  if (!validators) {
    const ops = listOperations(loadDocuments());
    const ajv = createAjv({ coerce: false });
    validators = new Map();
    for (const g of Object.values(GROUPS)) {
      const op = ops.find((o) => o.operationId === g.updateOperation);
      const schema = op ? bodySchemaOf(op) : undefined;
      if (!schema) throw new Error(`openapi/ has no body schema for ${g.updateOperation}`);
      validators.set(g.group, ajv.compile(schema as object));
    }
  }
  const v = validators.get(group);
  if (!v) throw new Error(`no validator for ${group}`);
  return v;
}

/** Why a record does not pass the group's Edit schema, in Chinese with the column label; null when it passes. */
export function editProblem(group: NerGroup, record: Record<string, unknown>): string | null {
  const validate = validatorOf(group);
  if (validate(record)) return null;
  const error = (validate.errors ?? []).find((e) => !["anyOf", "oneOf", "if"].includes(e.keyword));
  if (!error) return "数据不正确";
  const field = fieldOf(error).split(".")[0] ?? "";
  return `${field === "vin" ? "VIN" : labelOf(group, field)}：${messageOf(error)}`;
}
