import {
  checkDealerEdit,
  checkServiceStationEdit,
  DEALER_FIELD_LABELS,
  DEALER_KINDS,
  OUTLET_LAT_RANGE,
  OUTLET_LNG_RANGE,
  OUTLET_STATUSES,
  STATION_FIELD_LABELS,
  STATION_LEVELS,
  STATION_SERVICE_TYPES,
} from "@tsp/domain";
import { describe, expect, it } from "vitest";
import { loadDocuments } from "../../../openapi/documents";
import { readSheet } from "../ner/sheet";
import { stationSheetColumns, stationTemplate } from "../serviceStation/sheet";
import { areaNameOf, areaProblem, editOfRow } from "./outlet";
import { dealerSheetColumns, dealerTemplate, EXAMPLE_DEALER } from "./sheet";

const schemas = (
  loadDocuments().get("tsp-bss.yaml") as { components: { schemas: Record<string, Record<string, unknown>> } }
).components.schemas;
const schema = (name: string) => schemas[name] ?? {};
const props = (name: string) => schema(name).properties as Record<string, unknown>;
const BRANDS = new Map([
  [11, "比亚迪"],
  [21, "解放"],
]);

describe("the contract and @tsp/domain say the same of dealers and stations", () => {
  it("lists the same kinds, states, services, classes and bounds", () => {
    expect(schema("DealerKind").enum).toEqual([...DEALER_KINDS]);
    expect(schema("OutletStatus").enum).toEqual([...OUTLET_STATUSES]);
    expect(schema("StationServiceType").enum).toEqual([...STATION_SERVICE_TYPES]);
    expect(schema("StationLevel").enum).toEqual([...STATION_LEVELS]);
    expect([schema("OutletLng").minimum, schema("OutletLng").maximum]).toEqual([...OUTLET_LNG_RANGE]);
    expect([schema("OutletLat").minimum, schema("OutletLat").maximum]).toEqual([...OUTLET_LAT_RANGE]);
  });
  it("edits exactly the domain's fields, in its order", () => {
    expect(Object.keys(props("DealerEdit"))).toEqual(Object.keys(DEALER_FIELD_LABELS));
    expect(schema("DealerUpdate").required).toEqual([...Object.keys(DEALER_FIELD_LABELS), "updatedAt"]);
    expect(Object.keys(props("ServiceStationEdit"))).toEqual(Object.keys(STATION_FIELD_LABELS));
    expect(schema("ServiceStationUpdate").required).toEqual([...Object.keys(STATION_FIELD_LABELS), "updatedAt"]);
  });
});

describe("the sheets", () => {
  it("have a column per field with the domain's labels", () => {
    expect(dealerSheetColumns(BRANDS).map((c) => c.header)).toEqual(Object.values(DEALER_FIELD_LABELS));
    expect(stationSheetColumns(BRANDS).map((c) => c.header)).toEqual(Object.values(STATION_FIELD_LABELS));
  });
  it("write templates whose example rows read back as valid records", async () => {
    const dealerColumns = dealerSheetColumns(BRANDS);
    const [row] = await readSheet(
      await dealerTemplate(BRANDS),
      dealerColumns.map((c) => c.header),
    );
    expect(row && checkDealerEdit(editOfRow(row, dealerColumns))).toEqual({ ok: true, value: EXAMPLE_DEALER });
    const stationColumns = stationSheetColumns(BRANDS);
    const [srow] = await readSheet(
      await stationTemplate(BRANDS),
      stationColumns.map((c) => c.header),
    );
    expect(srow && checkServiceStationEdit(editOfRow(srow, stationColumns))).toMatchObject({ ok: true });
  });
});

describe("regions", () => {
  it("names a region from its province and takes only districts (or a city without them)", () => {
    expect(areaNameOf("440305")).toBe("广东省/深圳市/南山区");
    expect(areaProblem("440305")).toBeNull();
    expect(areaProblem("441900")).toBeNull(); // 东莞: no districts
    expect(areaProblem("440300")).not.toBeNull();
    expect(areaProblem("999999")).not.toBeNull();
  });
});
