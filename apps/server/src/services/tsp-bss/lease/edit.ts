import {
  canDeleteLease,
  canEditLease,
  checkLeaseEdit,
  checkLeaseReturn,
  chinaDay,
  type LeaseContractEdit,
  MSG_LEASE_NOT_FOUND,
  MSG_LEASE_STALE,
  renewalOf,
} from "@tsp/domain";
import type { Kysely, Selectable } from "kysely";
import type { Database } from "../../../db/schema";
import { badRequest, conflict, notFound, ok } from "../../../http/envelope";
import { inTenants, type Principal } from "../../../platform/principal";
import { defineHandler } from "../../defineHandler";
import { type Actor, actorOf, must } from "../actor";
import { type LeaseFactProblem, leaseFactProblems, loadLeaseFacts } from "./facts";
import { leaseColumnsOf, readLease } from "./queries";
import type { LeaseAction, LeaseContractTable } from "./tables";

/** The first problem decides the status (404 unknown vehicle, 409 taken or overlapping, else 400 with every reason). */
function refuse(problems: readonly LeaseFactProblem[]): never {
  const first = problems[0] as LeaseFactProblem;
  if (first.status === 404) throw notFound(first.msg);
  if (first.status === 409) throw conflict(first.msg);
  throw badRequest(
    first.msg,
    problems.map(({ field, msg }) => ({ field, msg })),
  );
}

/** Every rule of a contract (the domain's, then the registers'); answers the checked contract. */
async function checked(
  db: Kysely<Database>,
  p: Principal,
  input: unknown,
  opts: { isNew: boolean; keptOrg?: string },
): Promise<{ edit: LeaseContractEdit; tenantId: number }> {
  const c = checkLeaseEdit(input);
  if (!c.ok) throw badRequest(c.error[0]?.msg ?? "", c.error);
  const facts = await loadLeaseFacts(db, p, [c.value.vin], [c.value.contractNo]);
  const problems = leaseFactProblems(c.value, facts, opts);
  if (problems.length > 0) refuse(problems);
  return { edit: c.value, tenantId: facts.vehicles.get(c.value.vin) as number };
}

/** One entry of a contract's history. */
export function logOf(
  tenantId: number,
  actor: Actor,
  at: number,
  contractNo: string,
  action: LeaseAction,
  snapshot: unknown,
  reason: string | null = null,
) {
  return {
    tenant_id: tenantId,
    contract_no: contractNo,
    action,
    reason,
    snapshot: JSON.stringify(snapshot),
    at,
    by: actor.updateBy,
    by_name: actor.updateName,
  };
}

/** Inserts new contracts with their history entries (one transaction, the caller's). */
export async function writeNew(
  trx: Kysely<Database>,
  actor: Actor,
  nowMs: number,
  rows: readonly { edit: LeaseContractEdit; tenantId: number; renewedFrom?: string }[],
  action: LeaseAction,
): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    const part = rows.slice(i, i + 500);
    await trx
      .insertInto("bss_lease_contract")
      .values(
        part.map((r) => ({
          tenant_id: r.tenantId,
          contract_no: r.edit.contractNo,
          ...leaseColumnsOf(r.edit),
          renewed_from: r.renewedFrom ?? null,
          updated_at: nowMs,
          update_by: actor.updateBy,
          update_name: actor.updateName,
        })),
      )
      .execute();
    await trx
      .insertInto("bss_lease_contract_log")
      .values(part.map((r) => logOf(r.tenantId, actor, nowMs, r.edit.contractNo, action, r.edit)))
      .execute();
  }
}

async function historyOf(db: Kysely<Database>, p: Principal, contractNo: string) {
  const rows = await db
    .selectFrom("bss_lease_contract_log")
    .select(["action", "reason", "at", "by_name"])
    .where("contract_no", "=", contractNo)
    .where(inTenants("bss_lease_contract_log.tenant_id", p))
    .orderBy("id", "desc")
    .limit(50)
    .execute();
  return rows.map((r) => ({ action: r.action, reason: r.reason, at: Number(r.at), byName: r.by_name }));
}

/** getLeaseContract: one contract in full with its history. */
export const getLeaseContract = defineHandler<"getLeaseContract">(async ({ query, principal }, ctx) => {
  const p = must(principal);
  const today = chinaDay(ctx.now().getTime());
  return {
    ...(await readLease(ctx.db, p.tenantIds, query.contractNo, today, true)),
    history: await historyOf(ctx.db, p, query.contractNo),
  };
});

/** createLeaseContract: files a contract for one of the caller's vehicles (one contract per vehicle at a time). */
export const createLeaseContract = defineHandler<"createLeaseContract">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const nowMs = ctx.now().getTime();
  const actor = await actorOf(p, ctx);
  await ctx.db.transaction().execute(async (trx) => {
    // The vehicle's contracts are read and written under its row lock: two files of one VIN queue.
    await trx.selectFrom("vehicle").select("vin").where("vin", "=", body.vin).forUpdate().execute();
    const c = await checked(trx, p, body, { isNew: true });
    await writeNew(trx, actor, nowMs, [c], "create");
  });
  return ok(await readLease(ctx.db, p.tenantIds, body.contractNo, chinaDay(nowMs)), "保存成功");
});

/** The contract row locked for a change, checked against the version read; 404 when the caller does not hold it. */
async function locked(trx: Kysely<Database>, p: Principal, contractNo: string, updatedAt: number) {
  const row = await trx
    .selectFrom("bss_lease_contract")
    .selectAll()
    .where("contract_no", "=", contractNo)
    .where(inTenants("bss_lease_contract.tenant_id", p))
    .orderBy("tenant_id")
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound(MSG_LEASE_NOT_FOUND);
  if (Number(row.updated_at) !== updatedAt) throw conflict(MSG_LEASE_STALE);
  return row;
}
type Row = Selectable<LeaseContractTable>;
const termOf = (r: Row) => ({
  contractNo: r.contract_no,
  startDate: r.start_date,
  endDate: r.end_date,
  returnDate: r.return_date,
  renewedTo: r.renewed_to,
});
const editOf = (r: Row): LeaseContractEdit => ({
  contractNo: r.contract_no,
  vin: r.vin,
  leaseOrgCode: r.lease_org_code,
  lesseeType: r.lessee_type,
  lesseeName: r.lessee_name,
  lesseePhone: r.lessee_phone,
  lesseeIdNo: r.lessee_id_no,
  startDate: r.start_date,
  endDate: r.end_date,
  monthlyRent: Number(r.monthly_rent),
  deposit: Number(r.deposit),
  remark: r.remark,
});
const nextVersion = (r: Row, nowMs: number) => Math.max(nowMs, Number(r.updated_at) + 1);

/** updateLeaseContract: replaces the contract's fields under optimistic concurrency. */
export const updateLeaseContract = defineHandler<"updateLeaseContract">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const { updatedAt, ...fields } = body;
  const nowMs = ctx.now().getTime();
  const actor = await actorOf(p, ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await locked(trx, p, fields.contractNo, updatedAt);
    const blocked = canEditLease(termOf(row));
    if (blocked) throw conflict(blocked);
    const { edit } = await checked(trx, p, fields, { isNew: false, keptOrg: row.lease_org_code });
    await trx
      .updateTable("bss_lease_contract")
      .set({
        ...leaseColumnsOf(edit),
        updated_at: nextVersion(row, nowMs),
        update_by: actor.updateBy,
        update_name: actor.updateName,
      })
      .where("tenant_id", "=", row.tenant_id)
      .where("contract_no", "=", row.contract_no)
      .execute();
    await trx
      .insertInto("bss_lease_contract_log")
      .values(logOf(row.tenant_id, actor, nowMs, row.contract_no, "edit", edit))
      .execute();
  });
  return ok(await readLease(ctx.db, p.tenantIds, fields.contractNo, chinaDay(nowMs)), "保存成功");
});

/** returnLeaseContract: 退租 — the day the vehicle came back and why. */
export const returnLeaseContract = defineHandler<"returnLeaseContract">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const nowMs = ctx.now().getTime();
  const today = chinaDay(nowMs);
  const actor = await actorOf(p, ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await locked(trx, p, body.contractNo, body.updatedAt);
    const r = checkLeaseReturn({ returnDate: body.returnDate, reason: body.reason }, termOf(row), today);
    if (!r.ok) {
      const first = r.error[0] as { field: string; msg: string };
      if (first.field === "contractNo") throw conflict(first.msg);
      throw badRequest(first.msg, r.error);
    }
    await trx
      .updateTable("bss_lease_contract")
      .set({
        return_date: r.value.returnDate,
        return_reason: r.value.reason,
        updated_at: nextVersion(row, nowMs),
        update_by: actor.updateBy,
        update_name: actor.updateName,
      })
      .where("tenant_id", "=", row.tenant_id)
      .where("contract_no", "=", row.contract_no)
      .execute();
    await trx
      .insertInto("bss_lease_contract_log")
      .values(logOf(row.tenant_id, actor, nowMs, row.contract_no, "return", r.value, r.value.reason))
      .execute();
  });
  return ok(await readLease(ctx.db, p.tenantIds, body.contractNo, today), "已退租");
});

/** renewLeaseContract: 续租 — a new contract from the day after the old one's end. */
export const renewLeaseContract = defineHandler<"renewLeaseContract">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const nowMs = ctx.now().getTime();
  const actor = await actorOf(p, ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await locked(trx, p, body.contractNo, body.updatedAt);
    const { contractNo: _c, updatedAt: _u, ...renew } = body;
    const next = renewalOf(renew, { ...editOf(row), ...termOf(row) });
    if (!next.ok) {
      const first = next.error[0] as { field: string; msg: string };
      if (first.field === "contractNo") throw conflict(first.msg);
      throw badRequest(first.msg, next.error);
    }
    // The old contract is renewed first, so it holds the vehicle only to its end.
    await trx
      .updateTable("bss_lease_contract")
      .set({
        renewed_to: next.value.contractNo,
        updated_at: nextVersion(row, nowMs),
        update_by: actor.updateBy,
        update_name: actor.updateName,
      })
      .where("tenant_id", "=", row.tenant_id)
      .where("contract_no", "=", row.contract_no)
      .execute();
    const c = await checked(trx, p, next.value, { isNew: true, keptOrg: row.lease_org_code });
    await writeNew(trx, actor, nowMs, [{ ...c, renewedFrom: row.contract_no }], "create");
    await trx
      .insertInto("bss_lease_contract_log")
      .values(logOf(row.tenant_id, actor, nowMs, row.contract_no, "renew", next.value, next.value.contractNo))
      .execute();
  });
  return ok(await readLease(ctx.db, p.tenantIds, body.newContractNo, chinaDay(nowMs)), "已续租");
});

/** deleteLeaseContract: only a contract not started; a renewal deleted gives the old contract its open end back. */
export const deleteLeaseContract = defineHandler<"deleteLeaseContract">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const nowMs = ctx.now().getTime();
  const actor = await actorOf(p, ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await locked(trx, p, body.contractNo, body.updatedAt);
    const refused = canDeleteLease(termOf(row), chinaDay(nowMs));
    if (refused) throw conflict(refused);
    await trx
      .deleteFrom("bss_lease_contract_log")
      .where("tenant_id", "=", row.tenant_id)
      .where("contract_no", "=", row.contract_no)
      .execute();
    await trx
      .deleteFrom("bss_lease_contract")
      .where("tenant_id", "=", row.tenant_id)
      .where("contract_no", "=", row.contract_no)
      .execute();
    if (row.renewed_from !== null)
      await trx
        .updateTable("bss_lease_contract")
        .set({ renewed_to: null, updated_at: nowMs, update_by: actor.updateBy, update_name: actor.updateName })
        .where("tenant_id", "=", row.tenant_id)
        .where("contract_no", "=", row.renewed_from)
        .execute();
  });
  return ok({ contractNo: body.contractNo }, "删除成功");
});
