import { type Kysely, sql } from "kysely";
import type { Database } from "../../../apps/server/src/db/schema";
import type { OperationInfo } from "../../../apps/server/src/openapi/operations";
import type { SeedFacts } from "../../robustness/support/baseline";
import type { RequestSpec } from "../../robustness/support/requests";

/**
 * Real objects of one tenant, by the parameter name that identifies them, for the cross-tenant
 * matrix: another tenant's call must reach the tenant check with an id that exists (an id that
 * does not exist answers 404 before any check runs and proves nothing), and an unchecked write
 * must have something to change.
 */
export interface ForeignObjects {
  /** Parameter name → value, for every operation. */
  common: Record<string, string | number>;
  /** Operation id → parameter name → value, where one operation needs another object. */
  perOperation: Record<string, Record<string, string | number>>;
}

/**
 * Parameters named like an identifier (`id`, `ids`, `…Id`, `vin`, `iccid`, `…Key`, `…Sn`) that
 * do not name an object of a tenant, so the matrix need not fill them, each with why.
 */
export const NOT_TENANT_OBJECTS: Record<string, string> = {
  // The object store is not tenant-scoped: a key is reachable only through a signature, which
  // tests/security/uploads.test.ts covers.
  objectKey: "object-store keys are guarded by their signature, not by a tenant",
  AccessKeyId: "part of an object-store signature",
  // OAuth parameters of public operations (no tenant yet).
  client_id: "OAuth client, not tenant data",
  areaId: "a region code (comm-data's national region tree, the same for every tenant)",
};

/** Whether a parameter name looks like it identifies an object. */
export const isIdentifier = (name: string) => /^(id|ids|vin|iccid)$|Id$|Ids$|Key$|Sn$/.test(name);

/**
 * Tenant `tenantId`'s objects, prepared so that each write of the matrix would change something
 * if its tenant check were missing: a vehicle model other than the vehicle's own, a VIN already
 * monitored (for the delete) and one not monitored (for the insert), a SIM card bound to nothing
 * (a bound one answers 409 before deleting) with its current version.
 */
export async function foreignObjects(db: Kysely<Database>, facts: SeedFacts, taskId: string): Promise<ForeignObjects> {
  const vehicle = await db
    .selectFrom("vehicle")
    .select(["vin", "vehicle_model_id"])
    .where("vin", "=", facts.vin)
    .executeTakeFirstOrThrow();
  const model = await db
    .selectFrom("ner_vehicle_model")
    .select("id")
    .where((eb) => (vehicle.vehicle_model_id === null ? eb.val(true) : eb("id", "!=", vehicle.vehicle_model_id)))
    .orderBy("id")
    .executeTakeFirstOrThrow();
  const other = await db
    .selectFrom("vehicle")
    .select("vin")
    .where("tenant_id", "=", facts.tenantId)
    .where("vin", "!=", facts.vin)
    .orderBy("vin")
    .executeTakeFirstOrThrow();
  for (const type of [1, 2, 3] as const) {
    await db
      .insertInto("ner_monitor")
      .values({ tenant_id: facts.tenantId, vin: facts.vin, type, created_at: 0, created_by: "matrix" })
      .onConflict((oc) => oc.columns(["vin", "type"]).doNothing())
      .execute();
  }
  await db.deleteFrom("ner_monitor").where("vin", "=", other.vin).execute();
  const perOperation: ForeignObjects["perOperation"] = {
    deleteNerMonitor: { ids: facts.vin },
    insertNerMonitor: { ids: other.vin },
  };
  // The vehicle-model catalogue is shared platform data (no tenant): real seeded ids, so tenant 2's
  // writes reach the platform-tenant check (403) and tenant 1's replays find them.
  for (const id of ["getCatalogueModel", "deleteCatalogueModel", "getModelAbility"])
    perOperation[id] = { modelId: 2111 };
  perOperation.deleteCatalogueBrand = { brandId: 21 };
  perOperation.deleteCatalogueSeries = { seriesId: 211 };
  const sim = await freeSimCard(db, facts.tenantId);
  if (sim) {
    for (const id of ["getSimCard", "updateSimCard", "deleteSimCard"])
      perOperation[id] = { iccid: sim.iccid, updatedAt: sim.version };
  }
  Object.assign(perOperation, await tboxAndSaleObjects(db, facts.tenantId));
  Object.assign(perOperation, await baseInfoRestObjects(db, facts.tenantId));
  // 转发机械管理: a machine tenant 1 forwards, by its platform (issue 19).
  const forwarded = (
    await sql<{ platform_id: number; pin: string }>`select platform_id, pin from nr4_forward_machine
      where tenant_id = ${facts.tenantId} order by platform_id, pin limit 1`.execute(db)
  ).rows[0];
  if (forwarded) {
    perOperation.removeForwardMachine = { platformId: forwarded.platform_id, pin: forwarded.pin };
    perOperation.getForwardPlatform = { id: forwarded.platform_id };
  }
  // 非道路机械监控: a machine of tenant 1's 机械信息 (by its PIN; issue 18).
  const machine = await db
    .selectFrom("bss_machinery_info")
    .select("vin")
    .where("tenant_id", "=", facts.tenantId)
    .orderBy("vin")
    .executeTakeFirst();
  if (machine) {
    for (const id of ["getMachineState", "listMachineHistory", "exportMachineHistory"])
      perOperation[id] = { vin: machine.vin };
  }
  Object.assign(perOperation, await leaseAndLoanObjects(db, facts.tenantId));
  Object.assign(perOperation, await frameObjects(db, facts, taskId));
  Object.assign(perOperation, await operateObjects(db, facts));
  Object.assign(perOperation, await deviceHealthObjects(db, facts));
  Object.assign(perOperation, await contentObjects(db, facts.tenantId));
  Object.assign(perOperation, await permitObjects(db, facts.tenantId));
  Object.assign(perOperation, await tenantObjects(db, facts.tenantId));
  Object.assign(perOperation, await roundObjects(db, facts.tenantId));
  return {
    common: { vin: facts.vin, iccid: facts.iccid, plateNo: facts.plate, vehicleModelId: model.id, id: taskId },
    perOperation,
  };
}

/** 账号管理's filters name a role and an organisation of the tenant (another tenant's list must stay empty). */
async function permitObjects(db: Kysely<Database>, tenantId: number): Promise<ForeignObjects["perOperation"]> {
  const role = await db
    .selectFrom("role")
    .select("id")
    .where("tenant_id", "=", tenantId)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  const org = await db
    .selectFrom("org")
    .select("id")
    .where("tenant_id", "=", tenantId)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  const filters = { roleId: role.id, orgId: org.id };
  return { listPermitAccounts: filters, exportPermitAccounts: filters };
}

/** 租户管理: a sub-tenant of the tenant (its root is refused by the guard rails before any tenant check). */
async function tenantObjects(db: Kysely<Database>, tenantId: number): Promise<ForeignObjects["perOperation"]> {
  const sub = await db
    .selectFrom("tenant")
    .select("id")
    .where("parent_id", "=", tenantId)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  const out: ForeignObjects["perOperation"] = { createTenant: { parentId: sub.id } };
  for (const id of ["getTenantMenus", "setTenantMenus", "updateTenant", "disableTenant", "enableTenant"])
    out[id] = { tenantId: sub.id };
  return out;
}

/** A SIM card of the tenant bound to no vehicle, and its version (when the SIM-card table has them). */
async function freeSimCard(db: Kysely<Database>, tenantId: number) {
  try {
    const rows = await sql<{ iccid: string; version: string }>`
      select iccid, updated_at::text as version from bss_sim_card s
      where tenant_id = ${tenantId} and vin is null
        and not exists (select 1 from vehicle v where v.iccid = s.iccid)
      order by iccid limit 1`.execute(db);
    const row = rows.rows[0];
    return row ? { iccid: row.iccid, version: Number(row.version) } : null;
  } catch {
    return null;
  }
}

/** 车载内容管理: a draft of the tenant (a draft may be read and deleted). */
async function contentObjects(db: Kysely<Database>, tenantId: number): Promise<ForeignObjects["perOperation"]> {
  const draft = await db
    .selectFrom("bss_content")
    .select("id")
    .where("tenant_id", "=", tenantId)
    .where("state", "=", "draft")
    .orderBy("id")
    .executeTakeFirstOrThrow();
  return { getContent: { contentId: draft.id }, deleteContent: { contentId: draft.id } };
}

/**
 * The T-BOX register's and the retail sales' objects of the tenant (when their tables exist):
 * a terminal on no vehicle (get, edit, delete, bind), one on a vehicle (unbind), a sale (get,
 * edit, undo) — each with its version, so the write would change something if unchecked.
 */
async function tboxAndSaleObjects(db: Kysely<Database>, tenantId: number): Promise<ForeignObjects["perOperation"]> {
  const out: ForeignObjects["perOperation"] = {};
  try {
    const some = async (bound: boolean) =>
      (
        await sql<{ sn: string; version: string }>`
          select sn, updated_at::text as version from bss_tbox t
          where tenant_id = ${tenantId}
            and ${bound ? sql`exists` : sql`not exists`} (select 1 from vehicle v where v.tbox_sn = t.sn)
          order by sn limit 2`.execute(db)
      ).rows;
    // Two of each: the delete and the undo must not take away what the other calls read.
    const [free, spare] = await some(false);
    const [bound] = await some(true);
    if (free)
      for (const id of ["getTbox", "updateTbox", "bindTbox"])
        out[id] = { sn: free.sn, updatedAt: Number(free.version) };
    if (spare) out.deleteTbox = { sn: spare.sn, updatedAt: Number(spare.version) };
    if (bound) out.unbindTbox = { sn: bound.sn, updatedAt: Number(bound.version) };
    const sales = (
      await sql<{ vin: string; version: string }>`
        select vin, updated_at::text as version from bss_vehicle_sale
        where tenant_id = ${tenantId} order by vin limit 2`.execute(db)
    ).rows;
    const [sale, other] = sales;
    if (sale)
      for (const id of ["getVehicleSale", "updateVehicleSale"])
        out[id] = { vin: sale.vin, updatedAt: Number(sale.version) };
    if (other) out.undoVehicleSale = { vin: other.vin, updatedAt: Number(other.version) };
  } catch {
    // The registers' tables are not there (an older schema): nothing to add.
  }
  return out;
}

/**
 * The lease contracts' and loans' objects of the tenant (when their tables exist): a contract
 * and a loan with their versions for every call naming one (contractNo / loanNo are not
 * identifier-shaped names, so the matrix would otherwise send made-up numbers).
 */
async function leaseAndLoanObjects(db: Kysely<Database>, tenantId: number): Promise<ForeignObjects["perOperation"]> {
  const out: ForeignObjects["perOperation"] = {};
  try {
    const [contract] = (
      await sql<{ contract_no: string; version: string }>`
        select contract_no, updated_at::text as version from bss_lease_contract
        where tenant_id = ${tenantId} and return_date is null and renewed_to is null
        order by contract_no limit 1`.execute(db)
    ).rows;
    if (contract)
      for (const id of [
        "getLeaseContract",
        "updateLeaseContract",
        "returnLeaseContract",
        "renewLeaseContract",
        "deleteLeaseContract",
      ])
        out[id] = { contractNo: contract.contract_no, updatedAt: Number(contract.version) };
    const [loan] = (
      await sql<{ loan_no: string; version: string }>`
        select loan_no, updated_at::text as version from bss_loan
        where tenant_id = ${tenantId} order by loan_no limit 1`.execute(db)
    ).rows;
    if (loan)
      for (const id of [
        "getLoan",
        "updateLoan",
        "recordLoanRepayment",
        "requestLoanRestriction",
        "reviewLoanRestriction",
      ])
        out[id] = { loanNo: loan.loan_no, updatedAt: Number(loan.version) };
  } catch {
    // The tables are not there (an older schema): nothing to add.
  }
  return out;
}

/**
 * The objects of 机械信息, 车机数据, 监管终端管理, MES车辆管理 and APP用户信息 (when their tables
 * exist), each with its version: rows no guard keeps (a machine without a terminal, a unit on no
 * vehicle, an unfiled terminal, an MES vehicle not on file, a user without vehicles), a user with
 * a vehicle for the binding calls, and for the creates keys that name no vehicle (a PIN or an MES
 * VIN is not tenant 1's vehicle, so tenant 2 may register it).
 */
async function baseInfoRestObjects(db: Kysely<Database>, tenantId: number): Promise<ForeignObjects["perOperation"]> {
  const out: ForeignObjects["perOperation"] = {};
  const one = async (query: ReturnType<typeof sql<{ key: string; version: string }>>) =>
    (await query.execute(db)).rows[0];
  const each = (ids: readonly string[], name: string, row: { key: string; version: string } | undefined) => {
    if (row) for (const id of ids) out[id] = { [name]: row.key, updatedAt: Number(row.version) };
  };
  try {
    each(
      ["getMachinery", "updateMachinery", "deleteMachinery"],
      "vin",
      await one(sql`select vin as key, updated_at::text as version from bss_machinery_info m
        where tenant_id = ${tenantId}
          and not exists (select 1 from bss_black_box b where b.tenant_id = m.tenant_id and b.machinery_pin = m.vin)
        order by vin limit 1`),
    );
    each(
      ["getVehicleUnit", "updateVehicleUnit", "deleteVehicleUnit"],
      "unitSn",
      await one(sql`select unit_sn as key, updated_at::text as version from bss_ecu
        where tenant_id = ${tenantId} and bound_vin is null order by unit_sn limit 1`),
    );
    each(
      ["getBlackBox", "updateBlackBox", "deleteBlackBox"],
      "terminalId",
      await one(sql`select terminal_id as key, updated_at::text as version from bss_black_box
        where tenant_id = ${tenantId} and filing_state = 'unfiled' and machinery_pin is null order by terminal_id limit 1`),
    );
    each(
      ["getMesVehicle", "updateMesVehicle", "deleteMesVehicle"],
      "vin",
      await one(sql`select vin as key, updated_at::text as version from bss_mes_vehicle m
        where tenant_id = ${tenantId} and not exists (select 1 from vehicle v where v.vin = m.vin) order by vin limit 1`),
    );
    out.createMachinery = { vin: "LMATRXCREATE00001" };
    out.createMesVehicle = { vin: "LMATRXCR800000001" };
    each(
      ["getAppUser", "updateAppUser", "deleteAppUser"],
      "userId",
      await one(sql`select user_id as key, updated_at::text as version from bss_app_user u
        where tenant_id = ${tenantId}
          and not exists (select 1 from bss_app_user_vehicle b where b.tenant_id = u.tenant_id and b.user_id = u.user_id)
        order by user_id limit 1`),
    );
    const bound = (
      await sql<{ user_id: string; vin: string }>`select user_id, vin from bss_app_user_vehicle
        where tenant_id = ${tenantId} and role = 'driver' order by user_id, vin limit 1`.execute(db)
    ).rows[0];
    if (bound) {
      out.listAppUserVehicles = { userId: bound.user_id };
      out.unbindAppUserVehicle = { userId: bound.user_id, vin: bound.vin };
      out.bindAppUserVehicle = { userId: bound.user_id };
    }
  } catch {
    // The tables are not there (an older schema): nothing to add.
  }
  return out;
}

/**
 * This round's objects: a geofence (电子围栏's events), a supervision terminal (终端远程激活's
 * history) and a service package (车控服务's 开通, with the tenant's VIN).
 */
async function roundObjects(db: Kysely<Database>, tenantId: number): Promise<ForeignObjects["perOperation"]> {
  const out: ForeignObjects["perOperation"] = {};
  const first = async (query: ReturnType<typeof sql<{ v: string | number }>>) => (await query.execute(db)).rows[0]?.v;
  const fence = await first(sql`select id as v from geofence where tenant_id = ${tenantId} order by id limit 1`);
  if (fence !== undefined) {
    out.listEnclosureEvents = { fenceId: fence };
    out.exportEnclosureEvents = { fenceId: fence };
  }
  const terminal = await first(
    sql`select terminal_id as v from bss_black_box where tenant_id = ${tenantId} order by terminal_id limit 1`,
  );
  if (terminal !== undefined) out.listTerminalActivationHistory = { terminalId: terminal };
  const pkg = await first(sql`select id as v from ccs_package where tenant_id = ${tenantId} order by id limit 1`);
  if (pkg !== undefined) out.addCarControlSubscription = { packageId: pkg };
  return out;
}

/** The value the matrix sends for a parameter of an operation, if it names a foreign object. */
export function foreignValue(objects: ForeignObjects, operationId: string, name: string): string | number | undefined {
  return objects.perOperation[operationId]?.[name] ?? objects.common[name];
}

/**
 * Puts the foreign objects into a request: every path, query and body parameter named like one
 * (JSON and form bodies). Values keep their JSON type in a JSON body.
 */
export function withForeignObjects(spec: RequestSpec, op: OperationInfo, objects: ForeignObjects): RequestSpec {
  const value = (name: string) => foreignValue(objects, op.operationId, name);
  for (const p of op.parameters) {
    const v = value(p.name);
    if (v === undefined) continue;
    if (p.in === "path") spec.path[p.name] = String(v);
    else if (p.in === "query") spec.query[p.name] = String(v);
  }
  if (typeof spec.body === "string" && spec.body.length > 0) {
    if (spec.headers["content-type"] === "application/json") {
      const body = JSON.parse(spec.body) as Record<string, unknown>;
      for (const name of Object.keys(body)) {
        const v = value(name);
        if (v !== undefined) body[name] = typeof body[name] === "number" ? Number(v) : v;
      }
      spec.body = JSON.stringify(body);
    } else {
      const form = new URLSearchParams(spec.body);
      // A copy of the names: setting a value while iterating the live keys is undefined order.
      for (const name of Array.from(form.keys())) {
        const v = value(name);
        if (v !== undefined) form.set(name, String(v));
      }
      spec.body = form.toString();
    }
  }
  return spec;
}

/** Required identifier parameters of an operation that the matrix has no real object for. */
export function unfilledIdentifiers(op: OperationInfo, objects: ForeignObjects): string[] {
  return op.parameters
    .filter((p) => p.required && isIdentifier(p.name) && !(p.name in NOT_TENANT_OBJECTS))
    .filter((p) => foreignValue(objects, op.operationId, p.name) === undefined)
    .map((p) => `${p.in}:${p.name}`);
}

/**
 * 故障报警 and 车辆分组's objects of the tenant (when their tables exist): an alarm episode of one
 * of its vehicles (确认 / 关闭) and a group of its own (members, rename, delete, import, export).
 */
async function operateObjects(db: Kysely<Database>, facts: SeedFacts): Promise<ForeignObjects["perOperation"]> {
  const out: ForeignObjects["perOperation"] = {};
  try {
    const alarm = (
      await sql<{ id: string }>`
        select a.id::text as id from gateway_alarm a join vehicle v on v.vin = a.vin
        where v.tenant_id = ${facts.tenantId} order by a.id limit 1`.execute(db)
    ).rows[0];
    if (alarm) {
      out.acknowledgeOperateAlarm = { id: Number(alarm.id) };
      out.closeOperateAlarm = { id: Number(alarm.id) };
    }
    const group = (
      await sql<{ id: number }>`
        select id from operate_vehicle_group where tenant_id = ${facts.tenantId} order by id limit 1`.execute(db)
    ).rows[0];
    if (group) {
      for (const op of [
        "listVehicleGroupMembers",
        "addVehicleGroupMembers",
        "removeVehicleGroupMembers",
        "importVehicleGroupMembers",
        "exportVehicleGroupMembers",
        "setMessageSetting",
        "listOperateAlarms",
        "exportOperateAlarms",
        "groupFleetScreen",
      ])
        out[op] = { groupId: group.id };
      out.renameVehicleGroup = { id: group.id };
      out.deleteVehicleGroup = { id: group.id };
    }
    // 高级筛选: a saved filter of an account of the tenant (the seed's admin keeps one).
    const filter = (
      await sql<{ id: number }>`
        select f.id from operate_fleet_filter f join account a on a.id = f.account_id
        where a.tenant_id = ${facts.tenantId} order by f.id limit 1`.execute(db)
    ).rows[0];
    if (filter) {
      out.renameFleetFilter = { id: filter.id };
      out.deleteFleetFilter = { id: filter.id };
    }
  } catch {
    // The alarm store or the groups are not in this build.
  }
  return out;
}

/**
 * T-Box故障记录, 防拆报警 and 报警通知人员's objects of the tenant (when their tables exist): a fault
 * and a tamper episode of its vehicle (made here when the seed's sweeps found none), a
 * notification rule and one of its accounts.
 */
async function deviceHealthObjects(db: Kysely<Database>, facts: SeedFacts): Promise<ForeignObjects["perOperation"]> {
  const out: ForeignObjects["perOperation"] = {};
  try {
    const fault = (
      await sql<{ id: number }>`
        insert into bss_tbox_fault (vin, kind, started_at, last_seen_at, detail)
        values (${facts.vin}, 'silence', 1, 1, 'matrix') on conflict (vin, kind, started_at) do update set detail = 'matrix'
        returning id`.execute(db)
    ).rows[0];
    if (fault) out.handleTboxFault = { id: fault.id };
    const tamper = (
      await sql<{ id: number }>`
        insert into bss_tamper_alarm (vin, kind, level, started_at, last_report_at, ended_at)
        values (${facts.vin}, 'removed', 3, 1, 1, 2) returning id`.execute(db)
    ).rows[0];
    if (tamper) out.handleTamperAlarm = { id: tamper.id };
    const account = (
      await sql<{ id: number }>`select id from account where tenant_id = ${facts.tenantId} order by id limit 1`.execute(
        db,
      )
    ).rows[0];
    if (account) {
      out.saveAlarmNotify = { accountId: account.id };
      const rule = (
        await sql<{ id: number }>`
          insert into bss_alarm_notify (tenant_id, account_id, channels, kinds, min_level, regions, enabled, updated_by, updated_at)
          values (${facts.tenantId}, ${account.id}, '{site}', '{removed}', 3, '{}', true, 'matrix', 0)
          on conflict (account_id) do update set updated_by = 'matrix' returning id`.execute(db)
      ).rows[0];
      if (rule) out.deleteAlarmNotify = { id: rule.id };
    }
  } catch {
    // The device-health tables are not in this build.
  }
  return out;
}

/**
 * 数据服务's objects of the tenant (when their tables exist): a failing frame of one of its
 * vehicles (故障详情) and a history collection of its VIN, recorded on the tenant's done
 * export task so its file can be downloaded.
 */
async function frameObjects(
  db: Kysely<Database>,
  facts: SeedFacts,
  taskId: string,
): Promise<ForeignObjects["perOperation"]> {
  const out: ForeignObjects["perOperation"] = {};
  try {
    const frame = (
      await sql<{ id: string; received_at: string }>`
        select f.id::text as id, f.received_at::text as received_at from gateway_frame f
        join vehicle v on v.vin = f.vin
        where v.tenant_id = ${facts.tenantId} and f.status <> 'ok'
        order by f.id limit 1`.execute(db)
    ).rows[0];
    if (frame) out.getFrameCheckDetail = { id: Number(frame.id), receivedAt: Number(frame.received_at) };
    const collection = (
      await sql<{ id: number }>`
        insert into hbase_history_collection
          (tenant_id, vin, start_time, end_time, remark, export_task_id, account_id, created_by, created_at)
        select ${facts.tenantId}, ${facts.vin}, 0, 1, '', ${taskId}::uuid, account_id, 'matrix', 0
        from export_task where id = ${taskId}::uuid
        returning id`.execute(db)
    ).rows[0];
    if (collection) {
      out.getHistoryCollection = { id: collection.id };
      out.downloadHistoryCollection = { id: collection.id };
    }
  } catch {
    // The frame journal or the collections are not in this build.
  }
  return out;
}
