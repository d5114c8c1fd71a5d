import { sql } from "kysely";
import { invalidField } from "../../../http/envelope";
import { numberedPage, where } from "../../../platform/listQuery";
import { inTenants } from "../../../platform/principal";
import { defineHandler } from "../../defineHandler";
import type { Handler } from "../../types";
import { must } from "../actor";
import "../tables";
import { modelById, toModelParam } from "./vehicleModels";

/** A shared parameter list (bss_option kind) as select options; the label is also what records store. */
const optionList =
  (kind: string): Handler =>
  async (_input, ctx) => {
    const rows = await ctx.db
      .selectFrom("bss_option")
      .select(["code", "name"])
      .where("kind", "=", kind)
      .where("tenant_id", "is", null)
      .orderBy("sort")
      .orderBy("code")
      .execute();
    return rows.map((r) => ({ label: r.name, value: r.code }));
  };

export const getParamBrandColor = optionList("brandColor");
export const getParamCarBuying = optionList("carBuying");
export const getParamMotorPosition = optionList("motorPosition");
export const getParamVehicleUse = optionList("vehicleUse");
export const getParamTboxModelList = optionList("tboxModel");
export const getParamDriveModelList = optionList("driveModel");

/** getParamUpdateName: the accounts that changed the tenant's master data (value = updateBy). */
export const getParamUpdateName: Handler = async ({ principal }, ctx) => {
  const rows = await ctx.db
    .selectFrom("ner_change_log")
    .select(["update_by", sql<string>`max(update_name)`.as("update_name")])
    .where(inTenants("ner_change_log.tenant_id", must(principal)))
    .groupBy("update_by")
    .orderBy("update_by")
    .execute();
  return rows.map((r) => ({ label: r.update_name, value: r.update_by }));
};

/** getParamVehicleModelList: announcement models as options (value = vehicleModelId). */
export const getParamVehicleModelList: Handler = async (_input, ctx) => {
  const rows = await ctx.db
    .selectFrom("ner_vehicle_model")
    .select(["id", "vehicle_model", "vehicle_name"])
    .orderBy("vehicle_model")
    .execute();
  return rows.map((r) => ({ label: `${r.vehicle_model}（${r.vehicle_name}）`, value: r.id }));
};

/** getParamVehicleModelParam: every model's parameters, or one by vehicleModelId. */
export const getParamVehicleModelParam: Handler = async ({ query }, ctx) => {
  let q = ctx.db.selectFrom("ner_vehicle_model").selectAll();
  if (query.vehicleModelId !== undefined) q = q.where("id", "=", Number(query.vehicleModelId));
  const rows = await q.orderBy("vehicle_model").execute();
  return rows.map(toModelParam);
};

/** getParamVin: the tenant's VINs containing `vin`, as options — the remote VIN select, paged. */
export const getParamVin = defineHandler<"getParamVin">(async ({ query, principal }, ctx) => {
  const q = where(ctx.db.selectFrom("vehicle"), {
    tenant: ["vehicle.tenant_id", principal],
    filters: (f) => [f.contains("vin", query.vin)],
  });
  return numberedPage(
    q,
    query,
    { order: ["vin"] },
    (s) => s.select("vin"),
    (r) => ({ label: r.vin, value: r.vin }),
  );
});

/** Allowed part models of an announcement model (stored separated by 、 or commas). */
const partsOf =
  (column: "drive_model" | "tbox_model" | "battery_model"): Handler =>
  async ({ query }, ctx) => {
    const model = await modelById(ctx.db, Number(query.vehicleModelId));
    if (!model) throw invalidField("vehicleModelId", "车型不存在");
    const parts = (model[column] ?? "")
      .split(/[、,，;；]/)
      .map((s) => s.trim())
      .filter((s) => s.length > 0);
    return parts.map((p) => ({ label: p, value: p }));
  };

export const getParamDriveModel = partsOf("drive_model");
export const getParamTboxModel = partsOf("tbox_model");
export const getParamBatteryModel = partsOf("battery_model");

/** getCreditNameList: the tenant's operating units by name or credit code — the remote select of 运营单位, paged. */
export const getCreditNameList = defineHandler<"getCreditNameList">(async ({ query, principal }, ctx) => {
  const q = where(ctx.db.selectFrom("bss_credit_unit"), {
    tenant: ["bss_credit_unit.tenant_id", principal],
    filters: (f) => [f.keyword(["name", "code"], query.keyWords)],
  });
  return numberedPage(
    q,
    query,
    { order: ["name", "code"] },
    (s) => s.select(["code", "name"]),
    (r) => ({ creditName: r.name, creditCode: r.code }),
  );
});
