import { msgNerStale } from "@tsp/domain";
import { sql } from "kysely";
import { badRequest, conflict, notFound } from "../../../http/envelope";
import type { Handler } from "../../types";
import { actorOf, must } from "../actor";
import type { NerGroup } from "../tables";
import { labelOf } from "./groups";
import { readRecord, toGroupRecord, visibleVehicle } from "./records";
import { groupProblems } from "./rules";
import { saveGroup } from "./save";
import { modelById } from "./vehicleModels";

/**
 * updateNer<Group>Info: replaces one group of a vehicle with the validated body, writes the
 * change log, answers the saved record. A VIN the tenant does not own answers 404. With
 * `updateTime` (the version the editor read, null for a group that was empty) a group changed
 * since answers 409 (optimistic concurrency); without it the save is last-write-wins
 * (imports and scripts). Then @tsp/domain's rules and the database's checks (400, each reason
 * on its field). The vehicle row is locked first (SELECT … FOR UPDATE), so the version check,
 * the checks and the write are one step: of two saves of the same version exactly one wins,
 * also when the group had no record yet to lock. A refused save changes nothing.
 */
const updateGroup =
  (group: NerGroup): Handler =>
  async ({ body, principal }, ctx) => {
    const p = must(principal);
    const { updateTime: readVersion, ...edit } = body as Record<string, unknown> & {
      vin: string;
      updateTime?: number | null;
    };
    const vehicle = await visibleVehicle(ctx.db, edit.vin, p.tenantIds);
    if (!vehicle) throw notFound("车辆不存在");
    const actor = await actorOf(p, ctx);
    await ctx.db.transaction().execute(async (trx) => {
      await trx.selectFrom("vehicle").select("vin").where("vin", "=", vehicle.vin).forUpdate().execute();
      if (readVersion !== undefined) {
        const current = await trx
          .selectFrom("ner_record")
          .select("update_time")
          .where("vin", "=", vehicle.vin)
          .where("grp", "=", group)
          .executeTakeFirst();
        if ((current ? Number(current.update_time) : null) !== readVersion) throw conflict(msgNerStale(group));
      }
      const problems = await groupProblems(trx, group, vehicle.vin, vehicle.tenant_id, edit);
      const first = problems[0];
      if (first) throw badRequest(first.msg, problems);
      await saveGroup(trx, { vin: vehicle.vin, tenantId: vehicle.tenant_id, group }, edit, actor, ctx.now().getTime());
    });
    const row = await readRecord(ctx.db, vehicle.vin, group);
    if (!row) throw new Error("saved record vanished");
    return toGroupRecord(row, group, {
      vehicleModelId: vehicle.vehicle_model_id,
      vehicleModel: vehicle.vehicle_model ?? null,
    });
  };

export const updateNerVehicleInfo = updateGroup("vehicleInfo");
export const updateNerBatteryInfo = updateGroup("batteryInfo");
export const updateNerDriveInfo = updateGroup("driveInfo");
export const updateNerTerminalInfo = updateGroup("terminalInfo");

/**
 * updateNerVehicleModel: sets the vehicle's announcement model (query vin and vehicleModelId)
 * and logs it in the vehicle-info change log. The answer is the vehicle info, so the group
 * must have been filled first.
 */
export const updateNerVehicleModel: Handler = async ({ query, principal }, ctx) => {
  const p = must(principal);
  const vehicle = await visibleVehicle(ctx.db, String(query.vin), p.tenantIds);
  if (!vehicle) throw notFound("车辆不存在");
  const model = await modelById(ctx.db, Number(query.vehicleModelId));
  if (!model) throw notFound("车型不存在");
  const info = await readRecord(ctx.db, vehicle.vin, "vehicleInfo");
  if (!info) throw badRequest("该车辆尚未填写车辆信息，请先保存车辆信息", [{ field: "vin", msg: "车辆信息未填写" }]);
  const actor = await actorOf(p, ctx);
  const nowMs = ctx.now().getTime();
  if (vehicle.vehicle_model_id !== model.id) {
    await ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable("vehicle").set({ vehicle_model_id: model.id }).where("vin", "=", vehicle.vin).execute();
      await trx
        .updateTable("ner_record")
        // The model is part of the vehicle info: its version moves on, so an edit form opened before sees 409.
        .set({
          update_by: actor.updateBy,
          update_name: actor.updateName,
          update_time: sql<number>`greatest(${nowMs}, update_time + 1)`,
        })
        .where("vin", "=", vehicle.vin)
        .where("grp", "=", "vehicleInfo")
        .execute();
      const change = {
        field: "vehicleModelId",
        label: labelOf("vehicleInfo", "vehicleModelId"),
        before: vehicle.vehicle_model ?? null,
        after: model.vehicle_model,
      };
      await trx
        .insertInto("ner_change_log")
        .values({
          tenant_id: vehicle.tenant_id,
          vin: vehicle.vin,
          grp: "vehicleInfo",
          changes: JSON.stringify([change]),
          update_by: actor.updateBy,
          update_name: actor.updateName,
          update_time: nowMs,
        })
        .execute();
    });
  }
  const row = await readRecord(ctx.db, vehicle.vin, "vehicleInfo");
  if (!row) throw new Error("vehicle info vanished");
  return toGroupRecord(row, "vehicleInfo", { vehicleModelId: model.id, vehicleModel: model.vehicle_model });
};
