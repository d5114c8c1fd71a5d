import {
  checkSaleEdit,
  chinaDay,
  MSG_SALE_NOT_FOUND,
  MSG_SALE_SOLD,
  MSG_SALE_STALE,
  MSG_SALE_VEHICLE_UNKNOWN,
  type SaleEdit,
  SaleUndoSchema,
} from "@tsp/domain";
import type { Kysely } from "kysely";
import * as v from "valibot";
import type { Database } from "../../../db/schema";
import { badRequest, conflict, notFound, ok } from "../../../http/envelope";
import { inTenants, type Principal } from "../../../platform/principal";
import { defineHandler } from "../../defineHandler";
import { type Actor, actorOf, must } from "../actor";
import { loadSaleFacts, saleFactProblems } from "./facts";
import { columnsOf, readSale } from "./queries";
import type { VehicleSaleLogTable } from "./tables";

/** Every rule of a sale (the domain's, then the registers'); 400 with each reason on its field. */
async function checked(db: Kysely<Database>, p: Principal, input: unknown, today: string, isNew: boolean) {
  const c = checkSaleEdit(input, today);
  if (!c.ok) throw badRequest(c.error[0]?.msg ?? "", c.error);
  const problems = saleFactProblems(c.value, await loadSaleFacts(db, p, [c.value.vin]), isNew);
  const first = problems[0];
  if (first?.msg === MSG_SALE_VEHICLE_UNKNOWN) throw notFound(MSG_SALE_VEHICLE_UNKNOWN);
  if (first?.msg === MSG_SALE_SOLD) throw conflict(MSG_SALE_SOLD);
  if (first) throw badRequest(first.msg, problems);
  return c.value;
}

/** Appends one entry to a sale's history. */
export function logOf(
  p: Principal,
  actor: Actor,
  at: number,
  vin: string,
  action: VehicleSaleLogTable["action"],
  snapshot: unknown,
  reason: string | null = null,
) {
  return {
    tenant_id: p.tenantId,
    vin,
    action,
    reason,
    snapshot: JSON.stringify(snapshot),
    at,
    by: actor.updateBy,
    by_name: actor.updateName,
  };
}

/** The history of a sale, newest first. */
async function historyOf(db: Kysely<Database>, p: Principal, vin: string) {
  const rows = await db
    .selectFrom("bss_vehicle_sale_log")
    .select(["action", "reason", "at", "by_name"])
    .where("vin", "=", vin)
    .where(inTenants("bss_vehicle_sale_log.tenant_id", p))
    .orderBy("id", "desc")
    .limit(50)
    .execute();
  return rows.map((r) => ({ action: r.action, reason: r.reason, at: Number(r.at), byName: r.by_name }));
}

/** getVehicleSale: one sale with the buyer's certificate in full and its history (undone sales of the VIN included). */
export const getVehicleSale = defineHandler<"getVehicleSale">(async ({ query, principal }, ctx) => {
  const p = must(principal);
  return { ...(await readSale(ctx.db, p.tenantIds, query.vin, true)), history: await historyOf(ctx.db, p, query.vin) };
});

/**
 * createVehicleSale: records the sale of a vehicle not sold yet (the unsold picker's). One
 * sale per VIN: a sold one answers 409, another tenant's or an unknown VIN 404.
 */
export const createVehicleSale = defineHandler<"createVehicleSale">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const nowMs = ctx.now().getTime();
  const actor = await actorOf(p, ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const e = await checked(trx, p, body, chinaDay(nowMs), true);
    await writeNew(trx, p, actor, nowMs, [e], "record");
  });
  return ok(await readSale(ctx.db, p.tenantIds, body.vin), "保存成功");
});

/** Inserts new sales with their history entries and marks the vehicles sold (one transaction, the caller's). */
export async function writeNew(
  trx: Kysely<Database>,
  p: Principal,
  actor: Actor,
  nowMs: number,
  sales: readonly SaleEdit[],
  action: "record" | "import",
): Promise<void> {
  for (let i = 0; i < sales.length; i += 500) {
    const part = sales.slice(i, i + 500);
    await trx
      .insertInto("bss_vehicle_sale")
      .values(
        part.map((e) => ({
          vin: e.vin,
          tenant_id: p.tenantId,
          ...columnsOf(e),
          updated_at: nowMs,
          update_by: actor.updateBy,
          update_name: actor.updateName,
        })),
      )
      .execute();
    await trx
      .insertInto("bss_vehicle_sale_log")
      .values(part.map((e) => logOf(p, actor, nowMs, e.vin, action, e)))
      .execute();
    await trx
      .updateTable("vehicle")
      .set({ sold: true })
      .where(
        "vin",
        "in",
        part.map((e) => e.vin),
      )
      .execute();
  }
}

/** The sale row locked for a change; 404 when the caller does not hold it. */
async function locked(trx: Kysely<Database>, p: Principal, vin: string) {
  const row = await trx
    .selectFrom("bss_vehicle_sale")
    .selectAll()
    .where("vin", "=", vin)
    .where(inTenants("bss_vehicle_sale.tenant_id", p))
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound(MSG_SALE_NOT_FOUND);
  return row;
}

/** updateVehicleSale: replaces the sale's fields under optimistic concurrency (409 when changed since read). */
export const updateVehicleSale = defineHandler<"updateVehicleSale">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const { updatedAt, ...fields } = body;
  const nowMs = ctx.now().getTime();
  const actor = await actorOf(p, ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await locked(trx, p, fields.vin);
    const version = Number(row.updated_at);
    if (version !== updatedAt) throw conflict(MSG_SALE_STALE);
    const e = await checked(trx, p, fields, chinaDay(nowMs), false);
    await trx
      .updateTable("bss_vehicle_sale")
      .set({
        ...columnsOf(e),
        updated_at: Math.max(nowMs, version + 1),
        update_by: actor.updateBy,
        update_name: actor.updateName,
      })
      .where("vin", "=", e.vin)
      .execute();
    await trx
      .insertInto("bss_vehicle_sale_log")
      .values(logOf(p, actor, nowMs, e.vin, "edit", e))
      .execute();
  });
  return ok(await readSale(ctx.db, p.tenantIds, fields.vin), "保存成功");
});

/**
 * undoVehicleSale: a deliberate action — the reason is required; the sale is removed, the
 * vehicle is unsold again (back in the unsold picker) and the history keeps the sale as it was
 * with who undid it and why. 409 when the sale changed since it was read.
 */
export const undoVehicleSale = defineHandler<"undoVehicleSale">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const parsed = v.safeParse(SaleUndoSchema, { vin: body.vin, reason: body.reason });
  if (!parsed.success) {
    const issues = parsed.issues.map((i) => ({ field: String(i.path?.[0]?.key ?? "reason"), msg: i.message }));
    throw badRequest(issues[0]?.msg ?? "", issues);
  }
  const nowMs = ctx.now().getTime();
  const actor = await actorOf(p, ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await locked(trx, p, body.vin);
    if (Number(row.updated_at) !== body.updatedAt) throw conflict(MSG_SALE_STALE);
    await trx.deleteFrom("bss_vehicle_sale").where("vin", "=", row.vin).execute();
    await trx.updateTable("vehicle").set({ sold: false }).where("vin", "=", row.vin).execute();
    const { updated_at: _v, tenant_id: _t, ...was } = row;
    await trx
      .insertInto("bss_vehicle_sale_log")
      .values(logOf(p, actor, nowMs, row.vin, "undo", was, parsed.output.reason))
      .execute();
  });
  return ok({ vin: body.vin }, "已撤销销售");
});
