import {
  type CommandView,
  campaignActionProblem,
  campaignStateAfter,
  isOtaVehicleOpen,
  MAX_CAMPAIGN_VEHICLES,
  type OtaCampaignState,
  type OtaVehicleState,
  otaProgress,
  otaStep,
  type ParamView,
  type UpgradeParams,
} from "@tsp/domain";
import type { FastifyRequest } from "fastify";
import type { Kysely, Selectable } from "kysely";
import type { AppContext } from "../../context";
import type { Database } from "../../db/schema";
import { cancelCommand, expireCommands, queueCommand } from "../../gateway/commands/store";
import { badRequest, conflict, notFound } from "../../http/envelope";
import { containsPattern, numberedPage } from "../../platform/listQuery";
import type { Principal } from "../../platform/principal";
import { type DataOf, defineHandler } from "../defineHandler";
import "../../gateway/commands/tables";
import "../tsp-bss/operate/tables";
import { packageOf } from "./packages";
import type { OtaCampaignTable } from "./tables";
import { learnVersions } from "./versions";

type Campaign = DataOf<"createOtaCampaign">;
/** The dial-up fields and the upgrade server of a campaign (column `upgrade`). */
interface UpgradeServer {
  apn: string;
  user: string;
  password: string;
  address: string;
  port: number;
  origin: string;
}

const DEFAULT_TIMEOUT_MIN = 60;
const VERSION_IDS = [0x07, 0x08];
const OTA_SENDER = "OTA升级";

/**
 * One advance at a time per database: two reads at once would both see a vehicle without its
 * verify query and queue two. The reference server is one process, so an in-process chain is
 * enough (several replicas would take a row lock instead).
 */
const chains = new WeakMap<object, Promise<unknown>>();
function serialised<T>(db: object, work: () => Promise<T>): Promise<T> {
  const next = (chains.get(db) ?? Promise.resolve()).then(work, work);
  chains.set(
    db,
    next.catch(() => undefined),
  );
  return next;
}

function commandView(
  r: { state: string; reason: string | null; answer: string | null } | undefined,
): CommandView | undefined {
  if (!r) return undefined;
  const answer = r.answer === null ? undefined : (JSON.parse(r.answer) as { params?: ParamView[] });
  return {
    state: r.state as CommandView["state"],
    reason: r.reason,
    ...(answer?.params ? { params: answer.params } : {}),
  };
}

/**
 * Moves every open vehicle of the tenants' running campaigns on from its commands' states
 * (@tsp/domain otaStep): queues the verify query once the upgrade is accepted, records the
 * versions read back, and finishes a campaign when none of its vehicles is open.
 */
export function advanceCampaigns(db: Kysely<Database>, tenantIds: readonly number[], now: number): Promise<void> {
  return serialised(db, async () => {
    await expireCommands(db, now);
    await learnVersions(db);
    const open = await db
      .selectFrom("ota_campaign_vehicle as v")
      .innerJoin("ota_campaign as c", "c.id", "v.campaign_id")
      .innerJoin("ota_package as p", "p.id", "c.package_id")
      .leftJoin("gateway_command as u", "u.id", "v.command_id")
      .leftJoin("gateway_command as q", "q.id", "v.verify_command_id")
      .select([
        "v.campaign_id",
        "v.vin",
        "v.state",
        "c.timeout_min",
        "p.firmware_version as target",
        "u.state as uState",
        "u.reason as uReason",
        "u.answer as uAnswer",
        "u.tenant_id as uTenant",
        "q.state as qState",
        "q.reason as qReason",
        "q.answer as qAnswer",
      ])
      .where("c.state", "=", "running")
      .where("c.tenant_id", "in", [...tenantIds, -1])
      .where("v.state", "in", ["queued", "sent", "acknowledged", "upgrading"])
      .where("v.command_id", "is not", null)
      .execute();
    for (const r of open) {
      const upgrade = commandView(r.uState ? { state: r.uState, reason: r.uReason, answer: r.uAnswer } : undefined);
      if (!upgrade) continue;
      const verify = commandView(r.qState ? { state: r.qState, reason: r.qReason, answer: r.qAnswer } : undefined);
      const step = otaStep(r.state, upgrade, verify, r.target);
      let verifyId: number | undefined;
      if (step.queueVerify) {
        const cmd = await queueCommand(
          db,
          {
            tenantId: Number(r.uTenant),
            vin: r.vin,
            kind: "paramQuery",
            params: { ids: VERSION_IDS },
            sender: OTA_SENDER,
            ttlMs: r.timeout_min * 60_000,
          },
          now,
        );
        verifyId = cmd.id;
      }
      if (step.state === r.state && verifyId === undefined) continue;
      await db
        .updateTable("ota_campaign_vehicle")
        .set({
          state: step.state,
          reason: step.reason,
          updated_at: now,
          ...(verifyId === undefined ? {} : { verify_command_id: verifyId }),
          ...(step.learnt ? { hardware_version: step.learnt.hardware, firmware_version: step.learnt.firmware } : {}),
        })
        .where("campaign_id", "=", r.campaign_id)
        .where("vin", "=", r.vin)
        .execute();
    }
    const running = await db
      .selectFrom("ota_campaign")
      .select("id")
      .where("state", "=", "running")
      .where("tenant_id", "in", [...tenantIds, -1])
      .execute();
    for (const c of running) {
      const states = await vehicleStates(db, c.id);
      if (campaignStateAfter("running", states) === "finished")
        await db
          .updateTable("ota_campaign")
          .set({ state: "finished", finished_at: now })
          .where("id", "=", c.id)
          .where("state", "=", "running")
          .execute();
    }
  });
}

async function vehicleStates(db: Kysely<Database>, campaignId: number): Promise<OtaVehicleState[]> {
  const rows = await db
    .selectFrom("ota_campaign_vehicle")
    .select("state")
    .where("campaign_id", "=", campaignId)
    .execute();
  return rows.map((r) => r.state);
}

async function toCampaigns(
  db: Kysely<Database>,
  rows: readonly (Selectable<OtaCampaignTable> & { packageName: string; firmwareVersion: string })[],
): Promise<Campaign[]> {
  const ids = rows.map((r) => r.id);
  const counts =
    ids.length === 0
      ? []
      : await db
          .selectFrom("ota_campaign_vehicle")
          .select(["campaign_id", "state", (eb) => eb.fn.countAll<number>().as("n")])
          .where("campaign_id", "in", ids)
          .groupBy(["campaign_id", "state"])
          .execute();
  return rows.map((r) => {
    const progress = otaProgress([]);
    for (const c of counts) if (c.campaign_id === r.id) progress[c.state] = Number(c.n);
    return {
      id: r.id,
      name: r.name,
      packageId: r.package_id,
      packageName: r.packageName,
      firmwareVersion: r.firmwareVersion,
      state: r.state,
      timeoutMin: r.timeout_min,
      vehicleCount: Object.values(progress).reduce((a, b) => a + b, 0),
      progress,
      createdBy: r.created_by,
      createdAt: Number(r.created_at),
      startedAt: r.started_at === null ? null : Number(r.started_at),
      finishedAt: r.finished_at === null ? null : Number(r.finished_at),
    };
  });
}

const campaigns = (db: Kysely<Database>, tenantIds: readonly number[]) =>
  db
    .selectFrom("ota_campaign as c")
    .innerJoin("ota_package as p", "p.id", "c.package_id")
    .where("c.tenant_id", "in", [...tenantIds, -1]);

async function campaignOf(ctx: AppContext, id: number, p: Principal): Promise<Campaign> {
  const row = await campaigns(ctx.db, p.tenantIds)
    .selectAll("c")
    .select(["p.name as packageName", "p.firmware_version as firmwareVersion"])
    .where("c.id", "=", id)
    .executeTakeFirst();
  if (!row) throw notFound("未找到该升级任务");
  return (await toCampaigns(ctx.db, [row]))[0] as Campaign;
}

/** listOtaCampaigns: newest first, after moving the progress on. */
export const listOtaCampaigns = defineHandler<"listOtaCampaigns">(async ({ query, principal }, ctx) => {
  await advanceCampaigns(ctx.db, principal.tenantIds, ctx.now().getTime());
  let q = campaigns(ctx.db, principal.tenantIds);
  if (query.keyword) q = q.where("c.name", "ilike", containsPattern(query.keyword));
  if (query.state) q = q.where("c.state", "=", query.state);
  const page = await numberedPage(q, query, { order: [["c.id", "desc"]] }, (qb) =>
    qb.selectAll("c").select(["p.name as packageName", "p.firmware_version as firmwareVersion"]),
  );
  return { list: await toCampaigns(ctx.db, page.list), total: page.total };
});

/** The upgrade server as the console reached this one: its origin serves the package's /obs/ address. */
function serverOf(request: FastifyRequest, body: { apn?: string; user?: string; password?: string }): UpgradeServer {
  const hostname = request.hostname;
  const ipv4 = /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) ? hostname : "0.0.0.0";
  const port = request.port ?? (request.protocol === "https" ? 443 : 80);
  return {
    apn: body.apn ?? "",
    user: body.user ?? "",
    password: body.password ?? "",
    address: ipv4,
    port,
    origin: `${request.protocol}://${request.host}`,
  };
}

/** createOtaCampaign: 待启动, with the listed VINs and the group's members (each a vehicle of the caller's tenants). */
export const createOtaCampaign = defineHandler<"createOtaCampaign">(async ({ body, principal, request }, ctx) => {
  const pkg = await packageOf(ctx, body.packageId, principal).catch(() => {
    throw badRequest("未找到该升级包", [{ field: "packageId", msg: "未找到该升级包" }]);
  });
  const vins = new Set(body.vins ?? []);
  if (body.groupId !== undefined) {
    const group = await ctx.db
      .selectFrom("operate_vehicle_group")
      .select("id")
      .where("id", "=", body.groupId)
      .where("tenant_id", "in", [...principal.tenantIds, -1])
      .executeTakeFirst();
    if (!group) throw badRequest("未找到该车辆分组", [{ field: "groupId", msg: "未找到该车辆分组" }]);
    const members = await ctx.db
      .selectFrom("operate_vehicle_group_member")
      .select("vin")
      .where("group_id", "=", group.id)
      .execute();
    for (const m of members) vins.add(m.vin);
  }
  if (vins.size === 0)
    throw badRequest("请选择升级车辆（VIN或车辆分组）", [{ field: "vins", msg: "请选择升级车辆（VIN或车辆分组）" }]);
  if (vins.size > MAX_CAMPAIGN_VEHICLES)
    throw badRequest(`一个升级任务最多${MAX_CAMPAIGN_VEHICLES}辆车`, [
      { field: "vins", msg: `一个升级任务最多${MAX_CAMPAIGN_VEHICLES}辆车` },
    ]);
  const known = await ctx.db
    .selectFrom("vehicle")
    .select("vin")
    .where("vin", "in", [...vins])
    .where("tenant_id", "in", [...principal.tenantIds, -1])
    .execute();
  const seen = new Set(known.map((k) => k.vin));
  const unknown = [...vins].filter((v) => !seen.has(v));
  if (unknown.length > 0) {
    const msg = `未找到车辆：${unknown.slice(0, 5).join("、")}${unknown.length > 5 ? ` 等${unknown.length}辆` : ""}`;
    throw badRequest(msg, [{ field: "vins", msg }]);
  }
  const now = ctx.now().getTime();
  const id = await ctx.db.transaction().execute(async (tx) => {
    const row = await tx
      .insertInto("ota_campaign")
      .values({
        tenant_id: principal.tenantId,
        name: body.name.trim() || pkg.name,
        package_id: pkg.id,
        timeout_min: body.timeoutMin ?? DEFAULT_TIMEOUT_MIN,
        upgrade: JSON.stringify(serverOf(request, body)),
        created_by: principal.username,
        created_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await tx
      .insertInto("ota_campaign_vehicle")
      .values([...vins].toSorted().map((vin) => ({ campaign_id: row.id, vin, updated_at: now })))
      .execute();
    return row.id;
  });
  return campaignOf(ctx, id, principal);
});

async function campaignRow(ctx: AppContext, id: number, p: Principal) {
  const row = await ctx.db
    .selectFrom("ota_campaign")
    .selectAll()
    .where("id", "=", id)
    .where("tenant_id", "in", [...p.tenantIds, -1])
    .executeTakeFirst();
  if (!row) throw notFound("未找到该升级任务");
  return row;
}

function refuseAction(state: OtaCampaignState, action: "start" | "cancel"): void {
  const problem = campaignActionProblem(state, action);
  if (problem) throw conflict(problem);
}

/** startOtaCampaign: one 0x82 upgrade command per vehicle, its TTL the campaign's time limit. */
export const startOtaCampaign = defineHandler<"startOtaCampaign">(async ({ body, principal }, ctx) => {
  const row = await campaignRow(ctx, body.id, principal);
  refuseAction(row.state, "start");
  const pkg = await ctx.db
    .selectFrom("ota_package")
    .selectAll()
    .where("id", "=", row.package_id)
    .executeTakeFirstOrThrow();
  const server = JSON.parse(row.upgrade) as UpgradeServer;
  const upgrade: UpgradeParams = {
    apn: server.apn,
    user: server.user,
    password: server.password,
    address: server.address,
    port: server.port,
    makerCode: pkg.maker_code,
    hardwareVersion: pkg.hardware_version,
    firmwareVersion: pkg.firmware_version,
    url: `${server.origin}${pkg.file_url}`,
    timeoutMin: row.timeout_min,
  };
  const now = ctx.now().getTime();
  await serialised(ctx.db, async () => {
    const claimed = await ctx.db
      .updateTable("ota_campaign")
      .set({ state: "running", started_at: now })
      .where("id", "=", row.id)
      .where("state", "=", "draft")
      .returning("id")
      .executeTakeFirst();
    if (!claimed) throw conflict("任务已启动或已取消");
    const vehicles = await ctx.db
      .selectFrom("ota_campaign_vehicle as v")
      .innerJoin("vehicle as x", "x.vin", "v.vin")
      .select(["v.vin", "x.tenant_id"])
      .where("v.campaign_id", "=", row.id)
      .orderBy("v.vin")
      .execute();
    for (const v of vehicles) {
      const cmd = await queueCommand(
        ctx.db,
        {
          tenantId: Number(v.tenant_id),
          vin: v.vin,
          kind: "terminalControl",
          params: { control: { command: "upgrade", upgrade } },
          sender: principal.username,
          ttlMs: row.timeout_min * 60_000,
        },
        now,
      );
      await ctx.db
        .updateTable("ota_campaign_vehicle")
        .set({ command_id: cmd.id, state: "queued", updated_at: now })
        .where("campaign_id", "=", row.id)
        .where("vin", "=", v.vin)
        .execute();
    }
  });
  return campaignOf(ctx, row.id, principal);
});

/** cancelOtaCampaign: queued upgrades are cancelled; sent ones cannot be called back and keep their progress. */
export const cancelOtaCampaign = defineHandler<"cancelOtaCampaign">(async ({ body, principal }, ctx) => {
  const row = await campaignRow(ctx, body.id, principal);
  refuseAction(row.state, "cancel");
  const now = ctx.now().getTime();
  await serialised(ctx.db, async () => {
    const claimed = await ctx.db
      .updateTable("ota_campaign")
      .set({ state: "cancelled", finished_at: now })
      .where("id", "=", row.id)
      .where("state", "in", ["draft", "running"])
      .returning("id")
      .executeTakeFirst();
    if (!claimed) throw conflict("任务已完成或已取消");
    const vehicles = await ctx.db
      .selectFrom("ota_campaign_vehicle")
      .select(["vin", "state", "command_id"])
      .where("campaign_id", "=", row.id)
      .execute();
    for (const v of vehicles) {
      if (!isOtaVehicleOpen(v.state)) continue;
      const cancelled =
        v.command_id === null ||
        (await cancelCommand(ctx.db, Number(v.command_id), principal.tenantIds, principal.username, now));
      if (!cancelled) continue;
      await ctx.db
        .updateTable("ota_campaign_vehicle")
        .set({ state: "cancelled", reason: `${principal.username}取消任务`, updated_at: now })
        .where("campaign_id", "=", row.id)
        .where("vin", "=", v.vin)
        .execute();
    }
  });
  return campaignOf(ctx, row.id, principal);
});

/** listOtaCampaignVehicles: the campaign's vehicles by VIN, after moving the progress on. */
export const listOtaCampaignVehicles = defineHandler<"listOtaCampaignVehicles">(async ({ query, principal }, ctx) => {
  await campaignRow(ctx, query.id, principal);
  await advanceCampaigns(ctx.db, principal.tenantIds, ctx.now().getTime());
  let q = ctx.db.selectFrom("ota_campaign_vehicle").where("campaign_id", "=", query.id);
  if (query.state) q = q.where("state", "=", query.state);
  const page = await numberedPage(q, query, { order: [["vin", "asc"]] }, (qb) => qb.selectAll());
  return {
    list: page.list.map((v) => ({
      vin: v.vin,
      state: v.state,
      reason: v.reason,
      commandId: v.command_id === null ? null : Number(v.command_id),
      hardwareVersion: v.hardware_version,
      firmwareVersion: v.firmware_version,
      updatedAt: Number(v.updated_at),
    })),
    total: page.total,
  };
});
