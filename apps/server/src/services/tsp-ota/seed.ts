import { createHash } from "node:crypto";
import { writeFile } from "node:fs/promises";
import type { AppContext } from "../../context";
import type { SeedContext } from "../types";
import "../object-store/tables";
import "./tables";

const DAY = 86_400_000;

/**
 * Every vehicle's version journal: HW1.0 with firmware FW1.1 from three months ago, then FW1.2
 * (what the simulated terminals report) a week to four weeks ago. Every vehicle of the
 * registers, not only the platform seed's (modules listed before this one add more). No rng:
 * the history follows the VIN order, so it is the same on every machine.
 */
export async function seedVehicleVersions(ctx: SeedContext): Promise<void> {
  await seedOta(ctx);
  const now = ctx.now.getTime();
  const vehicles = await ctx.db.selectFrom("vehicle").select(["vin", "tenant_id"]).orderBy("vin").execute();
  const entry = (v: (typeof vehicles)[number], firmware: string, at: number) => ({
    tenant_id: Number(v.tenant_id),
    vin: v.vin,
    hardware_version: "HW1.0",
    firmware_version: firmware,
    source: "seed" as const,
    command_id: null,
    learnt_at: at,
  });
  const rows = vehicles.flatMap((v, i) => [
    entry(v, "FW1.1", now - 90 * DAY + i * 60_000),
    entry(v, "FW1.2", now - (7 + (i % 21)) * DAY),
  ]);
  for (let i = 0; i < rows.length; i += 500)
    await ctx.db
      .insertInto("vehicle_version")
      .values(rows.slice(i, i + 500))
      .execute();
}

/** The demo package's file: fixed bytes, so its MD5 (the object key) is the same everywhere. */
const DEMO_FIRMWARE = Buffer.from("TSP demo T-BOX firmware FW1.2\n".repeat(64));
const DEMO_MD5 = createHash("md5").update(DEMO_FIRMWARE).digest("hex");
const DEMO_KEY = `${DEMO_MD5}.bin`;

/**
 * The demo tenant's package FW1.2 and the finished campaign that brought its first vehicles to
 * it (their journals' FW1.2 entries are the seed's). The file itself is put in the object
 * store at start ({@link ensureDemoFirmware}): the seed has no object store.
 */
export async function seedOta(ctx: SeedContext): Promise<void> {
  const now = ctx.now.getTime();
  const tenant = ctx.tenantIds[0] as number;
  const pkg = await ctx.db
    .insertInto("ota_package")
    .values({
      tenant_id: tenant,
      name: "T-BOX固件 FW1.2",
      vehicle_model: "纯电动乘用车",
      maker_code: "TSP1",
      hardware_version: "HW1.0",
      firmware_version: "FW1.2",
      file_url: `/obs/${DEMO_KEY}`,
      file_size: DEMO_FIRMWARE.length,
      md5: DEMO_MD5,
      remark: "修复休眠唤醒后偶发不上线",
      created_by: "admin",
      created_at: now - 30 * DAY,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const vins = ctx.vehicles.filter((v) => v.tenantId === tenant).slice(0, 5);
  const campaign = await ctx.db
    .insertInto("ota_campaign")
    .values({
      tenant_id: tenant,
      name: "FW1.2 首批升级",
      package_id: pkg.id,
      state: "finished",
      timeout_min: 60,
      upgrade: JSON.stringify({ apn: "CMNET", user: "", password: "", address: "0.0.0.0", port: 80, origin: "" }),
      created_by: "admin",
      created_at: now - 29 * DAY,
      started_at: now - 28 * DAY,
      finished_at: now - 28 * DAY + 3_600_000,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (vins.length > 0)
    await ctx.db
      .insertInto("ota_campaign_vehicle")
      .values(
        vins.map((v, i) => ({
          campaign_id: campaign.id,
          vin: v.vin,
          state: i === vins.length - 1 ? ("failed" as const) : ("success" as const),
          reason: i === vins.length - 1 ? "超过有效期仍未下发（车辆未在线）" : null,
          hardware_version: i === vins.length - 1 ? null : "HW1.0",
          firmware_version: i === vins.length - 1 ? null : "FW1.2",
          updated_at: now - 28 * DAY + (i + 1) * 600_000,
        })),
      )
      .execute();
}

/** Puts the demo package's file in the object store when it is missing (module `register`). */
export async function ensureDemoFirmware(ctx: Pick<AppContext, "db" | "objects">): Promise<void> {
  const used = await ctx.db
    .selectFrom("ota_package")
    .select("id")
    .where("file_url", "=", `/obs/${DEMO_KEY}`)
    .executeTakeFirst();
  if (!used || (await ctx.objects.size(DEMO_KEY)) !== null) return;
  await ctx.objects.writeAtomic(DEMO_KEY, (temp) => writeFile(temp, DEMO_FIRMWARE));
  const row = {
    content_type: "application/octet-stream",
    size: DEMO_FIRMWARE.length,
    md5: DEMO_MD5,
    acl: "public-read" as const,
    created_at: new Date(),
  };
  await ctx.db
    .insertInto("object_meta")
    .values({ object_key: DEMO_KEY, ...row })
    .onConflict((oc) => oc.column("object_key").doUpdateSet(row))
    .execute();
}
