import { checkRegisterRow, parseRegisterChoice } from "@tsp/domain";
import { describe, expect, it } from "vitest";
import { loadDocuments } from "../../../openapi/documents";
import { readSheet } from "../ner/sheet";
import { registerTemplate } from "../registers/register";
import { DATA_SERVICE_REGISTERS } from "./services";

type Schema = Record<string, unknown> & { properties?: Record<string, Record<string, unknown>>; required?: string[] };
const SCHEMAS = (loadDocuments().get("tsp-bss.yaml") as { components: { schemas: Record<string, Schema> } }).components
  .schemas;
const schemaOf = (name: string): Schema => {
  const schema = SCHEMAS[name];
  if (!schema) throw new Error(`openapi tsp-bss has no schema ${name}`);
  return schema;
};
/** The openapi schema prefix of each register (FaultCodeEdit, …), from its detail operation's name. */
const prefixOf = (get: string) => get.replace(/^get/, "");

describe("数据服务's registers: the contract, the declaration and the template agree", () => {
  for (const s of DATA_SERVICE_REGISTERS) {
    const def = s.def;
    it(`${def.title}: openapi's Edit schema has the declared fields, bounds and choices`, () => {
      const edit = schemaOf(`${prefixOf(s.ops.get)}Edit`);
      expect(edit.required).toEqual(def.fields.map((f) => f.key));
      for (const f of def.fields) {
        const p = edit.properties?.[f.key] ?? {};
        const ref = p.$ref as string | undefined;
        if (f.kind === "choice")
          expect(schemaOf(ref?.split("/").at(-1) as string).enum).toEqual(Object.keys(f.choices ?? {}));
        else if (f.kind === "integer" || f.kind === "decimal")
          expect([p.minimum, p.maximum], f.key).toEqual([f.min, f.max]);
        else expect(p.maxLength, f.key).toBe(f.kind === "date" ? 10 : f.maxLength);
        if (p.type !== undefined) expect(Array.isArray(p.type) && p.type.includes("null"), f.key).toBe(!f.required);
      }
    });
    it(`${def.title}: the template's example row reads back as a valid row`, async () => {
      const rows = await readSheet(
        await registerTemplate(def),
        def.fields.map((f) => f.label),
      );
      const row = Object.fromEntries(
        def.fields.map((f) => {
          const v = rows[0]?.cells.get(f.label) ?? null;
          return [f.key, f.kind === "choice" ? parseRegisterChoice(f, String(v)) : v === "" ? null : v];
        }),
      );
      expect(checkRegisterRow(def, row)).toMatchObject({ ok: true });
    });
  }
});
