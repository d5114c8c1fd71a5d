import {
  bytesToHex,
  COMMAND,
  decodeFrame,
  encodeHj1239AntiTamper,
  encodeHj1239Realtime,
  encodeRealtimeMessage,
} from "@tsp/domain";
import { sql, type Transaction } from "kysely";
import type { Database } from "../../../db/schema";
import { DAY_PARTITIONED, ensureDayPartitions } from "../../../gateway/stores/partitions";
import type { SeedContext } from "../../types";
import { sweepFaultsIn } from "./faultSweep";
import { sweepTamperIn } from "./tamperSweep";
import "./healthTables";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

interface FrameRow {
  received_at: number;
  vin: string;
  command: number | null;
  edition: number | null;
  raw_hex: string;
  status: "ok" | "bad-frame";
  reason: string | null;
  peer: string;
}

function removal(vin: string, at: number, serial: number, pos: { lng: number; lat: number } | null): FrameRow {
  const b = encodeHj1239AntiTamper({ vin, softwareVersion: 3 }, { time: at, serial, position: pos });
  if (!b.ok) throw new Error(`seed tamper: ${b.error.message}`);
  return {
    received_at: at + 900,
    vin,
    command: null,
    edition: null,
    raw_hex: bytesToHex(b.value),
    status: "ok",
    reason: null,
    peer: "10.39.8.21:41230",
  };
}

function hjReport(vin: string, at: number, serial: number): FrameRow {
  const b = encodeHj1239Realtime({ vin, softwareVersion: 3 }, { time: at, serial, items: [] });
  if (!b.ok) throw new Error(`seed tamper: ${b.error.message}`);
  return {
    received_at: at + 900,
    vin,
    command: null,
    edition: null,
    raw_hex: bytesToHex(b.value),
    status: "ok",
    reason: null,
    peer: "10.39.8.21:41230",
  };
}

/**
 * T-Box故障记录, 防拆报警 and 报警通知人员's demo data, no PRNG (fixed picks in VIN order):
 * - two HJ 1239 trucks of the demo tenant report 防拆报警 (0x06) through frames built by the
 *   domain's encoder: one yesterday morning, back in place and reporting 25 minutes later (the
 *   episode ended, handled 已处理), one three hours ago and again twice since (still on, 处理中);
 * - a demo vehicle that never reported gets one real-time frame four days ago and nothing since
 *   (a silent terminal), another three frames failing their check code this morning;
 * - the administrator is told of every tamper alarm in 站内消息, the operator of removals in
 *   Shanghai (31) by 短信 and 站内消息;
 * - then the sweeps run at the seed's clock, as a first read would.
 */
export async function seedDeviceHealth(ctx: SeedContext): Promise<void> {
  const [demo] = ctx.tenantIds as [number];
  const now = ctx.now.getTime();
  const db = ctx.db as Transaction<Database>;
  const trucks = await db
    .selectFrom("vehicle as v")
    .innerJoin("bss_tbox as t", "t.sn", "v.tbox_sn")
    .select("v.vin")
    .where("t.protocol", "=", "HJ1239")
    .where("v.tenant_id", "=", demo)
    .orderBy("v.vin")
    .limit(2)
    .execute();
  const rows: FrameRow[] = [];
  const [t1, t2] = trucks.map((t) => t.vin);
  const yesterday = now - DAY - 2 * HOUR;
  if (t1) {
    rows.push(removal(t1, yesterday, 101, { lng: 121.4012, lat: 31.1733 }));
    rows.push(removal(t1, yesterday + 5 * MINUTE, 102, { lng: 121.4012, lat: 31.1733 }));
    rows.push(hjReport(t1, yesterday + 25 * MINUTE, 103));
  }
  if (t2)
    for (const k of [0, 1, 2])
      rows.push(
        removal(t2, now - 3 * HOUR + k * 10 * MINUTE, 201 + k, k === 0 ? null : { lng: 120.1552, lat: 30.2741 }),
      );
  const idle = await db
    .selectFrom("vehicle")
    .select("vin")
    .where("tenant_id", "=", demo)
    .where("vin", "not in", db.selectFrom("gateway_vehicle_state").select("vin"))
    .orderBy("vin")
    .limit(2)
    .execute();
  const [silent, noisy] = idle.map((v) => v.vin);
  if (silent) {
    const at = now - 4 * DAY;
    const hex = encodeRealtimeMessage(silent, {
      collectedAt: at,
      longitude: 121.52,
      latitude: 31.08,
      speedKmh: 0,
      mileageKm: 8210,
      soc: 71,
    });
    if (hex.ok) {
      rows.push({
        received_at: at + 700,
        vin: silent,
        command: COMMAND.realtimeData,
        edition: 2016,
        raw_hex: hex.value,
        status: "ok",
        reason: null,
        peer: "10.30.9.4:40112",
      });
      await db
        .insertInto("gateway_vehicle_state")
        .values({
          vin: silent,
          online: false,
          last_report_at: at + 700,
          last_login_at: at,
          last_logout_at: null,
          longitude: 121.52,
          latitude: 31.08,
          speed_kmh: 0,
          soc: 71,
          mileage_km: 8210,
          updated_at: at + 700,
        })
        .execute();
    }
  }
  if (noisy) {
    const base = now - 5 * HOUR;
    for (const k of [0, 1, 2]) {
      const hex = encodeRealtimeMessage(noisy, {
        collectedAt: base + k * 20 * MINUTE,
        longitude: 121.45,
        latitude: 31.2,
        speedKmh: 30,
        mileageKm: 5400,
        soc: 60,
      });
      if (!hex.ok) continue;
      // The check code flipped: what a terminal with a failing modem sends.
      const raw = hex.value.slice(0, -2) + (hex.value.slice(-2) === "00" ? "01" : "00");
      const decoded = decodeFrame(raw);
      rows.push({
        received_at: base + k * 20 * MINUTE + 800,
        vin: noisy,
        command: COMMAND.realtimeData,
        edition: 2016,
        raw_hex: raw,
        status: "bad-frame",
        reason: decoded.ok ? "校验码错误" : decoded.error.message,
        peer: "10.30.9.7:40551",
      });
    }
    const last = base + 40 * MINUTE + 800;
    await db
      .insertInto("gateway_vehicle_state")
      .values({
        vin: noisy,
        online: true,
        last_report_at: last,
        last_login_at: base,
        last_logout_at: null,
        longitude: 121.45,
        latitude: 31.2,
        speed_kmh: 30,
        soc: 60,
        mileage_km: 5400,
        updated_at: last,
      })
      .execute();
  }
  if (rows.length > 0) {
    await ensureDayPartitions(
      db,
      DAY_PARTITIONED,
      rows.map((r) => r.received_at),
      new Set(),
    );
    await db.insertInto("gateway_frame").values(rows).execute();
  }

  const accounts = await db
    .selectFrom("account")
    .select(["id", "username"])
    .where("tenant_id", "=", demo)
    .where("username", "in", ["admin", "operator"])
    .execute();
  for (const a of accounts) {
    const admin = a.username === "admin";
    await db
      .insertInto("bss_alarm_notify")
      .values({
        tenant_id: demo,
        account_id: a.id,
        channels: admin ? ["site"] : ["site", "sms"],
        kinds: admin ? ["removed", "powerOff"] : ["removed"],
        min_level: admin ? 2 : 3,
        regions: admin ? [] : ["31"],
        enabled: true,
        remark: admin ? "值班主管" : "上海片区",
        updated_by: "系统管理员",
        updated_at: now - 7 * DAY,
      })
      .execute();
  }

  await sweepTamperIn(db, now);
  await sweepFaultsIn(db, now);
  if (t1)
    await sql`update bss_tamper_alarm set state = 'done', handled_by = '运营值班', handled_at = ${yesterday + 2 * HOUR},
      note = '服务站更换线束时拆下，已复装并核对铅封' where vin = ${t1} and ended_at is not null`.execute(db);
  if (t2)
    await sql`update bss_tamper_alarm set state = 'handling', handled_by = '运营值班', handled_at = ${now - 2 * HOUR},
      note = '已通知服务站前往现场核查' where vin = ${t2} and ended_at is null`.execute(db);
  if (noisy)
    await sql`update bss_tbox_fault set state = 'handling', handled_by = '运营值班', handled_at = ${now - HOUR},
      note = '已安排更换4G模块' where vin = ${noisy}`.execute(db);
}
