import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountOf, bearerFor } from "../../../testing/accounts";
import { startTestServer, type TestServer } from "../../../testing/testServer";

/**
 * updateNerVehicleModel's change log (spec: every change of a vehicle's master data is logged
 * with its value before and after). The whole entry is compared, `before` included: a log that
 * forgets the old model cannot answer "what was it before".
 */
const NOW = new Date("2026-03-01T00:00:00Z");
let server: TestServer;
let token: string;
let vin: string;

const setModel = (vehicleModelId: number) =>
  fetch(
    new URL(`/tsp-bss/nerVehicleInfo/update/vehicleModel?vin=${vin}&vehicleModelId=${vehicleModelId}`, server.url),
    {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
    },
  );
const logs = () =>
  server.db
    .selectFrom("ner_change_log")
    .select(["changes", "grp", "update_time"])
    .where("vin", "=", vin)
    .orderBy("id", "desc")
    .execute();
const models = () => server.db.selectFrom("ner_vehicle_model").select(["id", "vehicle_model"]).orderBy("id").execute();

beforeAll(async () => {
  server = await startTestServer({ seed: { sizes: { vehiclesPerTenant: 3, journalPerVehicle: 1 } }, now: () => NOW });
  const admin = await accountOf(server.db, "admin");
  token = await bearerFor(server.db, admin.id, NOW);
  // A vehicle of the admin's tenant whose vehicle info is filled (the call answers that record).
  const row = await server.db
    .selectFrom("ner_record as r")
    .innerJoin("vehicle as v", "v.vin", "r.vin")
    .select("v.vin")
    .where("r.grp", "=", "vehicleInfo")
    .where("v.tenant_id", "=", admin.tenant_id)
    .orderBy("v.vin")
    .executeTakeFirstOrThrow();
  vin = row.vin;
});
afterAll(() => server.stop());

describe("updateNerVehicleModel", () => {
  it("logs the model before and after, from none to a model and from one model to another", async () => {
    const [first, second] = await models();
    if (!first || !second) throw new Error("the seed has fewer than two vehicle models");
    await server.db.updateTable("vehicle").set({ vehicle_model_id: null }).where("vin", "=", vin).execute();
    const n0 = (await logs()).length;

    expect((await setModel(first.id)).status).toBe(200);
    expect((await setModel(second.id)).status).toBe(200);
    const [latest, previous] = await logs();
    expect(previous?.grp).toBe("vehicleInfo");
    expect(previous?.changes).toEqual([
      { field: "vehicleModelId", label: "公告型号", before: null, after: first.vehicle_model },
    ]);
    expect(latest?.changes).toEqual([
      { field: "vehicleModelId", label: "公告型号", before: first.vehicle_model, after: second.vehicle_model },
    ]);
    expect(latest?.update_time).toBe(NOW.getTime());

    // Setting the model the vehicle already has changes nothing and logs nothing.
    expect((await setModel(second.id)).status).toBe(200);
    expect((await logs()).length).toBe(n0 + 2);
  });
});
