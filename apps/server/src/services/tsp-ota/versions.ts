import { formatDateTimeText, type ParamView, versionsOf } from "@tsp/domain";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/schema";
import { ok } from "../../http/envelope";
import type { ExportSheet } from "../../platform/exports/exporter";
import { EXPORT_SUBMITTED_MSG } from "../../platform/exports/queue";
import { containsPattern, countOf } from "../../platform/listQuery";
import { inTenants } from "../../platform/principal";
import { type DataOf, defineHandler } from "../defineHandler";
import "../../gateway/commands/tables";
import "./tables";

type Version = DataOf<"listVehicleVersionHistory">[number];
const HISTORY_LIMIT = 200;
const SCAN_BATCH = 1000;

/**
 * Learns versions from answered parameter queries that asked for 0x07 or 0x08 and are not in
 * the journal yet (the journal's unique command_id marks an answer as learnt): one entry per
 * answer, `ota` when the query was a campaign's read-back. Run before every read of the
 * journal and by the campaigns' progress, so the gateway's hot path knows nothing of it.
 */
export async function learnVersions(db: Kysely<Database>): Promise<number> {
  const rows = await sql<{
    id: string | number;
    vin: string;
    tenant_id: number;
    answer: string;
    finished_at: string | number;
  }>`
    select c.id, c.vin, c.tenant_id, c.answer, c.finished_at from gateway_command c
    where c.kind = 'paramQuery' and c.state = 'success' and c.answer is not null
      and ((c.params::jsonb -> 'ids') @> '[7]'::jsonb or (c.params::jsonb -> 'ids') @> '[8]'::jsonb)
      and not exists (select 1 from vehicle_version v where v.command_id = c.id)
    order by c.id limit ${SCAN_BATCH}`.execute(db);
  let learnt = 0;
  for (const r of rows.rows) {
    const params = (JSON.parse(r.answer) as { params?: ParamView[] }).params ?? [];
    const v = versionsOf(params);
    if (!v) continue;
    const ota = await db
      .selectFrom("ota_campaign_vehicle")
      .select("vin")
      .where("verify_command_id", "=", Number(r.id))
      .executeTakeFirst();
    const res = await db
      .insertInto("vehicle_version")
      .values({
        tenant_id: Number(r.tenant_id),
        vin: r.vin,
        hardware_version: v.hardware,
        firmware_version: v.firmware,
        source: ota ? "ota" : "query",
        command_id: Number(r.id),
        learnt_at: Number(r.finished_at),
      })
      .onConflict((oc) => oc.column("command_id").doNothing())
      .executeTakeFirst();
    learnt += Number(res.numInsertedOrUpdatedRows ?? 0);
  }
  return learnt;
}

interface Filter {
  vin?: string;
  firmware?: string;
}

/** The newest entry per VIN of the tenants' vehicles, under the filters. */
function latest(db: Kysely<Database>, tenantIds: readonly number[], f: Filter) {
  let q = db
    .selectFrom("vehicle_version as v")
    .where(inTenants("v.tenant_id", { tenantIds }))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("vehicle_version as w")
            .select("w.id")
            .whereRef("w.vin", "=", "v.vin")
            .where(sql<boolean>`(w.learnt_at, w.id) > (v.learnt_at, v.id)`),
        ),
      ),
    );
  if (f.vin) q = q.where("v.vin", "ilike", containsPattern(f.vin));
  if (f.firmware) q = q.where("v.firmware_version", "ilike", containsPattern(f.firmware));
  return q;
}

const select = (q: ReturnType<typeof latest>) =>
  q.select(["v.vin", "v.hardware_version", "v.firmware_version", "v.source", "v.learnt_at", "v.id"]);

type Row = {
  vin: string;
  hardware_version: string | null;
  firmware_version: string | null;
  source: Version["source"];
  learnt_at: number | string;
};
const toVersion = (r: Row): Version => ({
  vin: r.vin,
  hardwareVersion: r.hardware_version,
  firmwareVersion: r.firmware_version,
  source: r.source,
  learntAt: Number(r.learnt_at),
});

/** listVehicleVersions: each vehicle's newest entry, newest learnt first. */
export const listVehicleVersions = defineHandler<"listVehicleVersions">(async ({ query, principal }, ctx) => {
  await learnVersions(ctx.db);
  const q = latest(ctx.db, principal.tenantIds, query);
  const pageSize = query.pageSize ?? 10;
  const [rows, total] = await Promise.all([
    select(q)
      .orderBy("v.learnt_at", "desc")
      .orderBy("v.vin")
      .limit(pageSize)
      .offset(((query.pageNum ?? 1) - 1) * pageSize)
      .execute(),
    countOf(q),
  ]);
  return { list: rows.map(toVersion), total };
});

/** listVehicleVersionHistory: the VIN's entries, newest first. */
export const listVehicleVersionHistory = defineHandler<"listVehicleVersionHistory">(
  async ({ query, principal }, ctx) => {
    await learnVersions(ctx.db);
    const rows = await ctx.db
      .selectFrom("vehicle_version as v")
      .select(["v.vin", "v.hardware_version", "v.firmware_version", "v.source", "v.learnt_at"])
      .where("v.vin", "=", query.vin)
      .where(inTenants("v.tenant_id", principal))
      .orderBy("v.learnt_at", "desc")
      .orderBy("v.id", "desc")
      .limit(HISTORY_LIMIT)
      .execute();
    return rows.map(toVersion);
  },
);

const SOURCE_NAMES: Readonly<Record<Version["source"], string>> = {
  query: "参数查询",
  ota: "OTA升级",
  seed: "初始数据",
};
const BATCH = 1000;

export const versionExporter: ExportSheet = {
  title: "车辆版本信息",
  columns: [
    { header: "VIN", key: "vin", width: 22 },
    { header: "硬件版本", key: "hardwareVersion", width: 12 },
    { header: "固件版本", key: "firmwareVersion", width: 12 },
    { header: "来源", key: "source", width: 12 },
    { header: "获取时间", key: "learntAt", width: 20 },
  ],
  total: (job, ctx) => countOf(latest(ctx.db, job.tenantIds, job.params as Filter)),
  async *rows(job, ctx) {
    for (let offset = 0; ; offset += BATCH) {
      const rows = await select(latest(ctx.db, job.tenantIds, job.params as Filter))
        .orderBy("v.vin")
        .limit(BATCH)
        .offset(offset)
        .execute();
      yield rows.map((r) => ({
        vin: r.vin,
        hardwareVersion: r.hardware_version ?? "",
        firmwareVersion: r.firmware_version ?? "",
        source: SOURCE_NAMES[r.source],
        learntAt: formatDateTimeText(Number(r.learnt_at)),
      }));
      if (rows.length < BATCH) return;
    }
  },
};

/** exportVehicleVersions: an export task of the list's filters. */
export const exportVehicleVersions = defineHandler<"exportVehicleVersions">(async ({ query, principal }, ctx) => {
  await learnVersions(ctx.db);
  const params: Filter = {};
  if (query.vin) params.vin = query.vin;
  if (query.firmware) params.firmware = query.firmware;
  return ok(await ctx.exports.submit(principal, "exportVehicleVersions", { ...params }), EXPORT_SUBMITTED_MSG);
});
