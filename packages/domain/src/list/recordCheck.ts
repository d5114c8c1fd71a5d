import * as v from "valibot";

/** A schema that checks a record typed in a form and gives the value to save. */
export type RecordSchema<V> = v.GenericSchema<unknown, V>;

/** What {@link checkRecord} finds: the value to save, or the first message of each field. */
export type RecordCheck<V> =
  | { readonly ok: true; readonly value: V }
  | { readonly ok: false; readonly errors: Readonly<Record<string, string>> };

/**
 * Checks a form's draft with the record's schema (the same schema the server applies), field
 * by field: each field keeps its first message; a message about the record as a whole (no
 * field path) is kept under `""`.
 */
export function checkRecord<V>(schema: RecordSchema<V>, draft: unknown): RecordCheck<V> {
  const result = v.safeParse(schema, draft);
  if (result.success) return { ok: true, value: result.output };
  const errors: Record<string, string> = {};
  for (const issue of result.issues) {
    const key = issue.path?.map((p) => String(p.key)).join(".") ?? "";
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}
