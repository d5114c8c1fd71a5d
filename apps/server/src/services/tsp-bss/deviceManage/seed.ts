import { encodeVehicleLoginMessage, withVinCheckDigit } from "@tsp/domain";
import type { Insertable } from "kysely";
import { DAY_PARTITIONED, ensureDayPartitions } from "../../../gateway/stores/partitions";
import type { GatewayFrameTable } from "../../../gateway/tables";
import { createRng } from "../../../seed/rng";
import type { SeedContext } from "../../types";
import type { DeviceChangeTable } from "./tables";
import "../baseInfoRest/tables";
import "../tbox/tables";

const DAY = 86_400_000;
const APPLICANTS = [
  ["operator", "李明"],
  ["admin", "王芳"],
] as const;
const REVIEWER = { reviewed_by: "admin", reviewer_name: "王芳" };

/**
 * Replacement records of the demo tenant in every state for the four kinds — approved ones
 * whose new code is what the master data holds now (the replacement already applied), pending
 * ones ready to approve (the old code current, the new one a free registered terminal or unit),
 * rejected ones with their reason — and the gateway's journal of a few logins that fail the VIN
 * check (unknown VINs whose card is the tenant's, an ICCID differing from the filed one), as
 * the gateway stores them. A PRNG of its own; some registered terminals and units stay free.
 */
export async function seedDeviceChanges(ctx: SeedContext): Promise<void> {
  const rng = createRng(65_2026);
  const nowMs = ctx.now.getTime();
  const [demo] = ctx.tenantIds as [number];
  const rows: Insertable<DeviceChangeTable>[] = [];
  let t = nowMs - 60 * DAY;
  const record = (
    kind: DeviceChangeTable["kind"],
    vin: string,
    oldCode: string,
    newCode: string,
    state: "pending" | "approved" | "rejected",
    note: string | null = null,
  ) => {
    t += rng.int(1, 5) * DAY + rng.int(0, 8 * 3600) * 1000;
    const [by, name] = rng.pick(APPLICANTS);
    const reason = state === "approved" ? rng.pick(["fault", "upgrade", "recall", "accident"] as const) : "fault";
    rows.push({
      tenant_id: demo,
      kind,
      vin,
      old_code: oldCode,
      new_code: newCode,
      reason,
      remark: reason === "fault" ? rng.pick(["终端无法上线，现场检测硬件故障", "售后检测故障，更换新件", null]) : null,
      applied_by: by,
      applicant_name: name,
      applied_at: Math.min(t, nowMs - DAY),
      state,
      ...(state === "pending"
        ? {}
        : { ...REVIEWER, reviewed_at: Math.min(t + rng.int(1, 20) * 3600_000, nowMs - 3600_000), review_note: note }),
    });
  };

  const fitted = await ctx.db
    .selectFrom("vehicle")
    .select(["vin", "tbox_sn"])
    .where("tenant_id", "=", demo)
    .where("tbox_sn", "is not", null)
    .orderBy("vin")
    .execute();
  const free = await ctx.db
    .selectFrom("bss_tbox as t")
    .select("t.sn")
    .where("t.tenant_id", "=", demo)
    .where("t.state", "in", ["registered", "unregistered"])
    .where((eb) => eb.not(eb.exists(eb.selectFrom("vehicle as v").select("v.vin").whereRef("v.tbox_sn", "=", "t.sn"))))
    .orderBy("t.sn")
    .execute();
  fitted.slice(0, 3).forEach((v, i) => {
    record(
      "tbox",
      v.vin,
      `${(v.tbox_sn as string).slice(0, 2)}R${String(70_000 + i * 37)}`,
      v.tbox_sn as string,
      "approved",
    );
  });
  const [p, r] = [fitted[3], fitted[4]];
  if (p && free[0]) record("tbox", p.vin, p.tbox_sn as string, free[0].sn, "pending");
  if (r && free[1])
    record("tbox", r.vin, r.tbox_sn as string, free[1].sn, "rejected", "新终端尚未完成入网检测，请检测后重新申请");

  const units = await ctx.db
    .selectFrom("bss_ecu")
    .select(["unit_sn", "bound_vin"])
    .where("tenant_id", "=", demo)
    .where("ecu_type", "=", "ivi")
    .orderBy("unit_sn")
    .execute();
  const bound = units.filter((u) => u.bound_vin !== null);
  // Head units in stock for replacements: the after-sales spares of 车机数据 (the register's own seed keeps few).
  const spares = ["DSV-IVI-8155", "HW-HU-9610", "DSV-IVI-8155", "HW-HU-9610"].map((model, i) => ({
    tenant_id: demo,
    unit_sn: `${model.replace(/[^0-9A-Z]/g, "").slice(0, 6)}SP${String(6_501 + i)}`,
    ecu_type: "ivi",
    ecu_model: model,
    supplier: model.startsWith("DSV") ? "德赛西威" : "华阳通用",
    hardware_version: model.startsWith("DSV") ? "H2.1" : "H1.3",
    software_version: model.startsWith("DSV") ? "V3.4.12" : "V2.8.5",
    part_no: model.startsWith("DSV") ? "7901010-01" : "7901020-01",
    bound_vin: null,
    remark: "售后备件",
    updated_at: nowMs - 40 * DAY,
    update_by: "admin",
    update_name: "王芳",
  }));
  await ctx.db.insertInto("bss_ecu").values(spares).execute();
  const spare = spares.map((u) => ({ unit_sn: u.unit_sn }));
  const seen = new Set<string>();
  const onePerVin = bound.filter((u) => !seen.has(u.bound_vin as string) && seen.add(u.bound_vin as string));
  onePerVin.slice(0, 2).forEach((u, i) => {
    record("headUnit", u.bound_vin as string, `${u.unit_sn.slice(0, 6)}R${String(4_100 + i)}`, u.unit_sn, "approved");
  });
  const [hp, hr] = [onePerVin[2], onePerVin[3]];
  if (hp && spare[0]) record("headUnit", hp.bound_vin as string, hp.unit_sn, spare[0].unit_sn, "pending");
  if (hr && spare[1])
    record(
      "headUnit",
      hr.bound_vin as string,
      hr.unit_sn,
      spare[1].unit_sn,
      "rejected",
      "新车机软件版本低于原车机，请更换同版本备件",
    );

  for (const [kind, grp, field, prefix] of [
    ["motor", "driveInfo", "motorCodes", "TZ"],
    ["battery", "batteryInfo", "packCodes", "BP"],
  ] as const) {
    const records = await ctx.db
      .selectFrom("ner_record")
      .select(["vin", "data"])
      .where("tenant_id", "=", demo)
      .where("grp", "=", grp)
      .orderBy("vin")
      .execute();
    const withCodes = records
      .map((x) => ({
        vin: x.vin,
        codes: ((typeof x.data === "string" ? JSON.parse(x.data) : x.data)[field] ?? []) as string[],
      }))
      .filter((x) => x.codes.length > 0);
    const code = () => `${prefix}${rng.int(10, 99)}R${String(rng.int(100_000, 999_999))}`;
    withCodes.slice(0, 2).forEach((x) => {
      record(kind, x.vin, code(), x.codes[0] as string, "approved");
    });
    const [mp, mr] = [withCodes[2], withCodes[3]];
    if (mp) record(kind, mp.vin, mp.codes[0] as string, code(), "pending");
    if (mr) record(kind, mr.vin, mr.codes[0] as string, code(), "rejected", "新件编码与出厂检验报告不一致");
  }
  if (rows.length > 0) await ctx.db.insertInto("bss_device_change").values(rows).execute();
  await seedVinCheckFailures(ctx, rng, demo);
}

/** Logins the gateway refused (unknown VIN, its card the tenant's) or accepted with a card other than the filed one. */
async function seedVinCheckFailures(ctx: SeedContext, rng: ReturnType<typeof createRng>, demo: number) {
  const nowMs = ctx.now.getTime();
  const cards = await ctx.db
    .selectFrom("bss_sim_card")
    .select("iccid")
    .where("tenant_id", "=", demo)
    .where("vin", "is", null)
    .orderBy("iccid")
    .limit(3)
    .execute();
  const vehicle = await ctx.db
    .selectFrom("vehicle")
    .select(["vin", "iccid"])
    .where("tenant_id", "=", demo)
    .where("iccid", "is not", null)
    .orderBy("vin")
    .limit(1)
    .executeTakeFirst();
  if (cards.length < 3 || !vehicle) return;
  const login = (vin: string, iccid: string, at: number) => {
    const hex = encodeVehicleLoginMessage(vin, {
      edition: 2016,
      collectedAt: at - 1000,
      serial: rng.int(1, 60_000),
      iccid,
      codeLength: 0,
      subsystemCodes: [],
    });
    if (!hex.ok) throw new Error(`seed VIN check: ${hex.error.message}`);
    return hex.value;
  };
  const frames: Insertable<GatewayFrameTable>[] = [];
  const peer = () => `10.${rng.int(16, 31)}.${rng.int(0, 255)}.${rng.int(2, 254)}:${rng.int(20_000, 60_000)}`;
  // Two terminals fitted on vehicles not yet filed: each tries to log in, one of them again later.
  const unfiled = ["LGXCE4CB0S0770001", "LFV3A21K0P0770002"].map((v) => withVinCheckDigit(v) as string);
  const attempts = [
    [unfiled[0], cards[0]?.iccid, 50],
    [unfiled[0], cards[0]?.iccid, 26],
    [unfiled[1], cards[1]?.iccid, 8],
  ] as const;
  for (const [vin, iccid, hoursAgo] of attempts) {
    const at = nowMs - hoursAgo * 3600_000 - rng.int(0, 3_599_999);
    frames.push({
      received_at: at,
      vin: vin as string,
      command: 1,
      edition: 2016,
      raw_hex: login(vin as string, iccid as string, at),
      status: "vin-unknown",
      reason: `VIN“${vin}”不在任何租户的车辆表中`,
      peer: peer(),
    });
  }
  // A terminal moved to another card without the master data following: accepted, flagged on reading.
  const at = nowMs - 30 * 3600_000;
  frames.push({
    received_at: at,
    vin: vehicle.vin,
    command: 1,
    edition: 2016,
    raw_hex: login(vehicle.vin, cards[2]?.iccid as string, at),
    status: "ok",
    reason: null,
    peer: peer(),
  });
  await ensureDayPartitions(
    ctx.db,
    DAY_PARTITIONED,
    frames.map((f) => f.received_at),
    new Set(),
  );
  await ctx.db.insertInto("gateway_frame").values(frames).execute();
}
