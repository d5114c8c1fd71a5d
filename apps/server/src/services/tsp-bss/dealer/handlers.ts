import {
  checkDealerEdit,
  MSG_DEALER_DELETE_OPEN,
  MSG_DEALER_EXISTS,
  MSG_DEALER_NOT_FOUND,
  MSG_DEALER_STALE,
  msgDealerDeleteHasSales,
  msgDealerDeleteHasSecondary,
} from "@tsp/domain";
import { badRequest, conflict, notFound, ok } from "../../../http/envelope";
import { numberedPage } from "../../../platform/listQuery";
import { inTenants } from "../../../platform/principal";
import { defineHandler } from "../../defineHandler";
import { actorOf, must } from "../actor";
import { brandNames } from "./outlet";
import { filteredDealers, readDealer, selectDealer, toDealer } from "./queries";
import { dealerRegisterProblems, dealerValues } from "./rules";
import "../vehicleSale/tables";

/** listDealers: a numbered page of the caller's dealers, by code. */
export const listDealers = defineHandler<"listDealers">(async ({ query, principal }, ctx) => {
  const { pageNum, pageSize, ...filter } = query;
  const brands = await brandNames(ctx.db);
  const page = await numberedPage(
    filteredDealers(ctx.db, must(principal).tenantIds, filter),
    { pageNum, pageSize },
    { order: ["d.code"] },
    selectDealer,
  );
  return { list: page.list.map((r) => toDealer(r, brands)), total: page.total };
});

/** getDealer: one dealer the caller holds. */
export const getDealer = defineHandler<"getDealer">(async ({ query, principal }, ctx) =>
  readDealer(ctx.db, must(principal).tenantIds, query.dealerCode, await brandNames(ctx.db)),
);

/** Every reason of the domain's rules, or of the register's, as one 400 with the field of each. */
function refuse(problems: readonly { field: string; msg: string }[]): never {
  throw badRequest(problems[0]?.msg ?? "", [...problems]);
}

/**
 * createDealer: the domain's rules, then the register's (region, brands, parent), then the
 * insert into the caller's own tenant. A code registered by anyone answers 409.
 */
export const createDealer = defineHandler<"createDealer">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const checked = checkDealerEdit(body);
  if (!checked.ok) refuse(checked.error);
  const edit = checked.value;
  const brands = await brandNames(ctx.db);
  const actor = await actorOf(p, ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const taken = await trx
      .selectFrom("bss_dealer")
      .select("code")
      .where("code", "=", edit.dealerCode)
      .executeTakeFirst();
    if (taken) throw conflict(MSG_DEALER_EXISTS);
    const problems = await dealerRegisterProblems(trx, p, edit, { brands });
    if (problems.length > 0) refuse(problems);
    await trx
      .insertInto("bss_dealer")
      .values({
        code: edit.dealerCode,
        tenant_id: p.tenantId,
        ...dealerValues(edit),
        updated_at: ctx.now().getTime(),
        update_by: actor.updateBy,
        update_name: actor.updateName,
      })
      .execute();
  });
  return ok(await readDealer(ctx.db, p.tenantIds, edit.dealerCode, brands), "保存成功");
});

/**
 * updateDealer: replaces the editable fields under optimistic concurrency, inside one
 * transaction with the row locked: 404 when the caller does not hold it, 409 when its version
 * is not the one the editor read, 400 with every reason; only then the write.
 */
export const updateDealer = defineHandler<"updateDealer">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const { updatedAt, ...fields } = body;
  const brands = await brandNames(ctx.db);
  const actor = await actorOf(p, ctx);
  const nowMs = ctx.now().getTime();
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("bss_dealer")
      .select(["code", "updated_at"])
      .where("code", "=", fields.dealerCode)
      .where(inTenants("bss_dealer.tenant_id", p))
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound(MSG_DEALER_NOT_FOUND);
    const version = Number(row.updated_at);
    if (version !== updatedAt) throw conflict(MSG_DEALER_STALE);
    const checked = checkDealerEdit(fields);
    if (!checked.ok) refuse(checked.error);
    const problems = await dealerRegisterProblems(trx, p, checked.value, { brands });
    if (problems.length > 0) refuse(problems);
    await trx
      .updateTable("bss_dealer")
      .set({
        ...dealerValues(checked.value),
        updated_at: Math.max(nowMs, version + 1),
        update_by: actor.updateBy,
        update_name: actor.updateName,
      })
      .where("code", "=", row.code)
      .execute();
  });
  return ok(await readDealer(ctx.db, p.tenantIds, fields.dealerCode, brands), "保存成功");
});

/**
 * deleteDealer: a dealer that heads secondary dealers, that retail sales name, or that still
 * trades is in use: 409 saying what to do first. Otherwise it is deleted.
 */
export const deleteDealer = defineHandler<"deleteDealer">(async ({ query, principal }, ctx) => {
  const p = must(principal);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("bss_dealer")
      .select(["code", "status"])
      .where("code", "=", query.dealerCode)
      .where(inTenants("bss_dealer.tenant_id", p))
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound(MSG_DEALER_NOT_FOUND);
    const children = await trx.selectFrom("bss_dealer").select("code").where("parent_code", "=", row.code).execute();
    if (children.length > 0) throw conflict(msgDealerDeleteHasSecondary(children.length));
    const sales = await trx
      .selectFrom("bss_vehicle_sale")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("dealer_code", "=", row.code)
      .executeTakeFirstOrThrow();
    if (Number(sales.n) > 0) throw conflict(msgDealerDeleteHasSales(Number(sales.n)));
    if (row.status === "open") throw conflict(MSG_DEALER_DELETE_OPEN);
    await trx.deleteFrom("bss_dealer").where("code", "=", row.code).execute();
  });
  return ok({ dealerCode: query.dealerCode }, "删除成功");
});
