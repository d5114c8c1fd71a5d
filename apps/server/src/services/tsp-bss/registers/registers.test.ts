import { checkRegisterRow, parseRegisterChoice, REGISTERS, type RegisterDef } from "@tsp/domain";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { loadDocuments } from "../../../openapi/documents";
import { APP_USER_SERVICE } from "../appUser";
import { BASE_INFO_REST_SERVICES } from "../baseInfoRest/services";
import { readSheet } from "../ner/sheet";
import { registerTemplate } from "./register";
import { REGISTER_SERVICES } from "./services";

type Schema = Record<string, unknown> & { properties?: Record<string, Record<string, unknown>>; required?: string[] };

/** openapi/tsp-bss.yaml's schemas, read once. */
const SCHEMAS = (loadDocuments().get("tsp-bss.yaml") as { components: { schemas: Record<string, Schema> } }).components
  .schemas;

/** A schema of openapi/tsp-bss.yaml's components. */
function schemaOf(name: string): Schema {
  const schema = SCHEMAS[name];
  if (!schema) throw new Error(`openapi tsp-bss has no schema ${name}`);
  return schema;
}

/** The openapi schema prefix of a register (GearboxEdit, FinanceOrgEdit, …). */
const PREFIX: Record<string, string> = {
  gearbox: "Gearbox",
  financialInstitution: "FinanceOrg",
  leaseOrg: "LeaseOrg",
  economicSpeed: "EconomicSpeed",
  machineryInfo: "MachineryInfo",
  vehicleData: "VehicleUnit",
  blackBox: "BlackBox",
  mes: "MesVehicle",
  appUser: "AppUser",
};

/** A property's own schema, or the enum schema it refers to (directly or as the non-null branch). */
function resolved(p: Record<string, unknown>): Record<string, unknown> {
  const ref = (p.$ref ?? (p.oneOf as Record<string, unknown>[] | undefined)?.[0]?.$ref) as string | undefined;
  return ref ? schemaOf(ref.split("/").at(-1) as string) : p;
}

describe("the contract and @tsp/domain declare each register alike", () => {
  it("serves every register of the domain, once", () => {
    const served = [...REGISTER_SERVICES, ...BASE_INFO_REST_SERVICES, APP_USER_SERVICE];
    expect(served.map((s) => s.def).toSorted((a, b) => a.name.localeCompare(b.name))).toEqual(
      Object.values(REGISTERS).toSorted((a, b) => a.name.localeCompare(b.name)),
    );
  });

  for (const def of Object.values(REGISTERS) as RegisterDef[]) {
    it(`${def.title}: the same fields, required ones, bounds and choices`, () => {
      const edit = schemaOf(`${PREFIX[def.name]}Edit`);
      expect(edit.required).toEqual(def.fields.map((f) => f.key));
      expect(Object.keys(edit.properties ?? {})).toEqual(def.fields.map((f) => f.key));
      for (const f of def.fields) {
        const p = resolved(edit.properties?.[f.key] ?? {});
        if (f.kind === "choice") expect(p.enum, f.key).toEqual(Object.keys(f.choices ?? {}));
        else if (f.kind === "integer" || f.kind === "decimal") {
          expect([p.minimum, p.maximum], f.key).toEqual([f.min, f.max]);
        } else {
          const max = { creditCode: 18, vin: 17, date: 10 }[f.kind as string] ?? f.maxLength ?? 50;
          expect(p.maxLength, f.key).toBe(max);
        }
        const type = edit.properties?.[f.key]?.type;
        if (type !== undefined) expect(Array.isArray(type) && type.includes("null"), f.key).toBe(!f.required);
      }
      const update = schemaOf(`${PREFIX[def.name]}Update`);
      expect(update.required).toEqual([...def.fields.map((f) => f.key), "updatedAt"]);
    });
  }
});

describe("the register templates", () => {
  for (const def of Object.values(REGISTERS) as RegisterDef[]) {
    it(`${def.title}: the import reads its header row, and its example row is a valid row`, async () => {
      const buffer = await registerTemplate(def);
      const rows = await readSheet(
        buffer,
        def.fields.map((f) => f.label),
      );
      expect(rows).toHaveLength(1);
      const row = Object.fromEntries(
        def.fields.map((f) => {
          const v = rows[0]?.cells.get(f.label) ?? null;
          return [f.key, f.kind === "choice" ? parseRegisterChoice(f, String(v)) : v];
        }),
      );
      expect(checkRegisterRow(def, row)).toMatchObject({ ok: true });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
      const help = workbook.getWorksheet("填写说明");
      expect(help?.getColumn(1).values.slice(2, 2 + def.fields.length)).toEqual(def.fields.map((f) => f.label));
    });
  }
});
