import {
  checkSimCardEdit,
  parseSimCarrier,
  parseSimStatus,
  SIM_CARD_FIELD_LABELS,
  SIM_CARRIERS,
  SIM_DATA_PLAN_MAX_MB,
  SIM_REMARK_MAX_LENGTH,
  SIM_STATUSES,
} from "@tsp/domain";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { loadDocuments } from "../../../openapi/documents";
import { readSheet } from "../ner/sheet";
import { EXAMPLE_ICCID, EXAMPLE_ROW, SIM_CARD_COLUMNS } from "./columns";
import { SIM_CARD_SORTABLE } from "./list";
import { simCardTemplate } from "./template";

/** A schema of openapi/tsp-bss.yaml's components. */
function schemaOf(name: string): Record<string, unknown> {
  const doc = loadDocuments().get("tsp-bss.yaml") as {
    components: { schemas: Record<string, Record<string, unknown>> };
  };
  const schema = doc.components.schemas[name];
  if (!schema) throw new Error(`openapi tsp-bss has no schema ${name}`);
  return schema;
}
const propertyOf = (schema: string, property: string) =>
  (schemaOf(schema).properties as Record<string, Record<string, unknown>>)[property] ?? {};

describe("the contract and @tsp/domain say the same of a SIM card", () => {
  it("lists the same carriers, states and sort keys", () => {
    expect(schemaOf("SimCardCarrier").enum).toEqual([...SIM_CARRIERS]);
    expect(schemaOf("SimCardStatus").enum).toEqual([...SIM_STATUSES]);
    expect(schemaOf("SimCardSortField").enum).toEqual(Object.keys(SIM_CARD_SORTABLE));
  });
  it("bounds the remark and the plan alike, and edits exactly the domain's fields", () => {
    expect(propertyOf("SimCardUpdate", "remark").maxLength).toBe(SIM_REMARK_MAX_LENGTH);
    expect(propertyOf("SimCardUpdate", "dataPlanMb").maximum).toBe(SIM_DATA_PLAN_MAX_MB);
    expect(propertyOf("SimCardRecord", "dataPlanMb").maximum).toBe(SIM_DATA_PLAN_MAX_MB);
    expect(schemaOf("SimCardUpdate").required).toEqual([...Object.keys(SIM_CARD_FIELD_LABELS), "updatedAt"]);
  });
});

describe("the SIM card sheet", () => {
  it("has a column per editable field, in the domain's order and with its labels", () => {
    expect(SIM_CARD_COLUMNS.map((c) => c.key)).toEqual(Object.keys(SIM_CARD_FIELD_LABELS));
    expect(SIM_CARD_COLUMNS.map((c) => c.header)).toEqual(Object.values(SIM_CARD_FIELD_LABELS));
  });

  it("writes a template the import's reader takes, whose example row is a valid card", async () => {
    const buffer = await simCardTemplate();
    const rows = await readSheet(
      buffer,
      SIM_CARD_COLUMNS.map((c) => c.header),
    );
    expect(rows).toHaveLength(1);
    const cells = rows[0]?.cells ?? new Map();
    expect(cells.get("ICCID")).toBe(EXAMPLE_ICCID);
    const edit = {
      ...EXAMPLE_ROW,
      carrier: parseSimCarrier(String(EXAMPLE_ROW.carrier)),
      status: parseSimStatus(String(EXAMPLE_ROW.status)),
      remark: null,
    };
    expect(checkSimCardEdit(edit, { today: "2026-11-23", boundVin: null })).toMatchObject({ ok: true });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("SIM卡数据");
    // ICCID and MSISDN are text cells, so Excel keeps every digit of what is typed there.
    expect(sheet?.getColumn(1).numFmt).toBe("@");
    expect(sheet?.getColumn(2).numFmt).toBe("@");
    const help = workbook.getWorksheet("填写说明");
    expect(help?.getColumn(1).values.slice(2, 2 + SIM_CARD_COLUMNS.length)).toEqual(
      SIM_CARD_COLUMNS.map((c) => c.header),
    );
  });
});
