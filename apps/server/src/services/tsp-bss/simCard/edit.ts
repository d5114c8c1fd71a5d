import { checkSimCardEdit, chinaDay, MSG_SIM_MSISDN_TAKEN, MSG_SIM_STALE, msgSimDeleteBound } from "@tsp/domain";
import { badRequest, conflict, notFound, ok } from "../../../http/envelope";
import { inTenants } from "../../../platform/principal";
import { defineHandler } from "../../defineHandler";
import { actorOf, must } from "../actor";
import { MSG_SIM_NOT_FOUND, readSimCard } from "./queries";

/** getSimCard: one card the caller holds. */
export const getSimCard = defineHandler<"getSimCard">(async ({ query, principal }, ctx) =>
  readSimCard(ctx.db, must(principal).tenantIds, query.iccid),
);

/**
 * updateSimCard: replaces the editable fields under optimistic concurrency. Inside one
 * transaction, with the row locked: 404 when the caller does not hold the card, 409 when its
 * version is not the one the editor read, 400 with every reason of @tsp/domain's rules (and a
 * number another card has); only then the write, with a version strictly above the old one
 * (two saves in one millisecond still differ). A refused edit changes nothing.
 */
export const updateSimCard = defineHandler<"updateSimCard">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const { updatedAt, ...fields } = body;
  const actor = await actorOf(p, ctx);
  const nowMs = ctx.now().getTime();
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("bss_sim_card")
      .select(["iccid", "vin", "updated_at"])
      .where("iccid", "=", fields.iccid)
      .where(inTenants("bss_sim_card.tenant_id", p))
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound(MSG_SIM_NOT_FOUND);
    const version = Number(row.updated_at);
    if (version !== updatedAt) throw conflict(MSG_SIM_STALE);
    const checked = checkSimCardEdit(fields, { today: chinaDay(nowMs), boundVin: row.vin });
    if (!checked.ok) throw badRequest(checked.error[0]?.msg ?? "", checked.error);
    const edit = checked.value;
    if (edit.msisdn !== null) {
      const other = await trx
        .selectFrom("bss_sim_card")
        .select("iccid")
        .where("msisdn", "=", edit.msisdn)
        .where("iccid", "<>", edit.iccid)
        .executeTakeFirst();
      if (other) throw badRequest(MSG_SIM_MSISDN_TAKEN, [{ field: "msisdn", msg: MSG_SIM_MSISDN_TAKEN }]);
    }
    await trx
      .updateTable("bss_sim_card")
      .set({
        msisdn: edit.msisdn,
        carrier: edit.carrier,
        status: edit.status,
        activation_date: edit.activationDate,
        expiry_date: edit.expiryDate,
        data_plan_mb: edit.dataPlanMb,
        remark: edit.remark,
        updated_at: Math.max(nowMs, version + 1),
        update_by: actor.updateBy,
        update_name: actor.updateName,
      })
      .where("iccid", "=", edit.iccid)
      .execute();
  });
  return ok(await readSimCard(ctx.db, p.tenantIds, fields.iccid), "保存成功");
});

/**
 * deleteSimCard: deletes a free card with its real-name record. A card bound to a vehicle —
 * by the card's own binding or as a vehicle's ICCID — answers 409 naming the vehicle.
 */
export const deleteSimCard = defineHandler<"deleteSimCard">(async ({ query, principal }, ctx) => {
  const p = must(principal);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("bss_sim_card")
      .select(["iccid", "vin"])
      .where("iccid", "=", query.iccid)
      .where(inTenants("bss_sim_card.tenant_id", p))
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound(MSG_SIM_NOT_FOUND);
    const vehicle = await trx.selectFrom("vehicle").select("vin").where("iccid", "=", row.iccid).executeTakeFirst();
    const boundVin = row.vin ?? vehicle?.vin ?? null;
    if (boundVin !== null) throw conflict(msgSimDeleteBound(boundVin));
    await trx.deleteFrom("bss_realname").where("iccid", "=", row.iccid).execute();
    await trx.deleteFrom("bss_sim_card").where("iccid", "=", row.iccid).execute();
  });
  return ok({ iccid: query.iccid }, "删除成功");
});
