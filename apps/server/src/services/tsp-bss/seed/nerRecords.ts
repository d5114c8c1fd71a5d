import type { Insertable } from "kysely";
import { createRng, type Rng } from "../../../seed/rng";
import { GROUPS } from "../ner/groups";
import type { NerChangeLogTable, NerGroup, NerRecordTable } from "../tables";
import { imei } from "./identifiers";
import { DAY, dateOf } from "./people";
import { COLORS, type NER_MODELS } from "./referenceData";

/** Who edits a tenant's master data: its accounts and staff who no longer have one (username, real name). */
export type Editor = { updateBy: string; updateName: string };

/** What the master-data groups of one vehicle are drawn from. */
export interface NerVehicle {
  vin: string;
  tenantId: number;
  iccid: string;
  plate: string | null;
  sn: string;
  msisdn: string;
  providerName: string;
  nerModel: (typeof NER_MODELS)[number] | undefined;
  /** The tenant's operating units (GB 32100 name and code) a commercial vehicle is filed under. */
  units: readonly { name: string; code: string }[];
  /** Who edits this tenant's master data; the first one created the records. */
  editors: readonly Editor[];
}

/** GB/T 34014-style battery type letters (pack codes carry them). */
const BATTERY_TYPE_CODE: Record<string, string> = { 磷酸铁锂: "B", 三元锂: "E" };
/** Cell makers with a three-character maker code for the pack codes (after GB/T 34014's layout). */
const BATTERY_MAKERS = [
  { name: "宁德时代新能源科技股份有限公司", code: "04Q" },
  { name: "弗迪电池有限公司", code: "0FD" },
  { name: "国轩高科股份有限公司", code: "0GX" },
  { name: "中创新航科技集团股份有限公司", code: "0CA" },
] as const;
const ALNUM = "0123456789ABCDEFGHJKLMNPRSTUVWXY";

/** A 24-character pack code: maker (3), product P, type (1), spec (4), trace date (7), serial (8). */
function packCode(rng: Rng, maker: string, typeCode: string, produced: number, n: number): string {
  const d = new Date(produced);
  const trace = `L${ALNUM.charAt(d.getUTCFullYear() % 32)}${ALNUM.charAt(d.getUTCMonth() + 1)}${String(d.getUTCDate()).padStart(2, "0")}${rng.int(10, 99)}`;
  const spec = Array.from({ length: 4 }, () => rng.pick([...ALNUM])).join("");
  return `${maker}P${typeCode}${spec}${trace}${String(rng.int(100000, 999999))}${String(n).padStart(2, "0")}`;
}

/** A per-VIN generator: the new fields and the history draw from it, so the seed's one stream is drawn as before. */
function rngOf(vin: string): Rng {
  let h = 2166136261;
  for (let i = 0; i < vin.length; i++) h = Math.imul(h ^ vin.charCodeAt(i), 16777619);
  return createRng(h >>> 0);
}

/** Fields a later edit changes, per group, and how another value of each is drawn (a realistic earlier value). */
const EDITABLE: Record<NerGroup, Record<string, (rng: Rng, value: unknown) => unknown>> = {
  vehicleInfo: {
    plateColor: (rng) => rng.pick(["渐变绿色", "黄绿双拼色", "蓝色"]),
    vehicleUse: (rng) => rng.pick(["私人", "网约车", "出租客运", "物流配送", "公交客运"]),
    bodyColor: (rng) => rng.pick(COLORS).name,
    remark: (rng) => rng.pick([null, "待补充购车发票", "车主信息待核实", "首保已完成", "上牌资料已补齐"]),
  },
  batteryInfo: {
    ratedCapacity: (rng, v) => Math.max(50, Number(v) - rng.pick([5, 10, 20])),
    ratedVoltage: (rng) => rng.pick([350.4, 403.2, 537.6, 614.4]),
    productionDate: (_rng, v) => (typeof v === "string" ? dateOf(Date.parse(v) - 30 * DAY) : v),
  },
  driveInfo: {
    manufacturer: (rng) => rng.pick(["弗迪动力有限公司", "精进电动科技股份有限公司", "联合汽车电子有限公司"]),
    maxSpeed: (rng) => rng.pick([12000, 14000, 16000]),
    peakTorque: (rng) => rng.pick([310, 330, 360]),
  },
  terminalInfo: {
    // Firmware is upgraded over the air: an earlier entry holds an older version.
    firmwareVersion: (rng) => `V1.${rng.int(0, 9)}.${rng.int(0, 20)}`,
    hardwareVersion: (rng) => `H1.${rng.int(0, 5)}`,
    protocol: () => "GB/T 32960-2016",
  },
};

/**
 * The four master-data groups of one vehicle (vehicle info always, the others mostly) and
 * their change logs, appended to `recordRows` and `logRows`. Draws from `rng` exactly as the
 * seed always did; what is newer — pack and motor codes, operating units, the history —
 * comes from a generator of the VIN, so adding it changed no other table of the demo set.
 *
 * The history: every filled group was created (every field from empty) months ago by the
 * tenant's first editor; about two thirds of the groups were then edited one to four times by
 * the tenant's staff (one to three fields each), the last edit being the record's current
 * state, its time and its editor.
 */
export function pushNerRecords(
  rng: Rng,
  now: number,
  vehicle: NerVehicle,
  recordRows: Insertable<NerRecordTable>[],
  logRows: Insertable<NerChangeLogTable>[],
): void {
  const { plate, nerModel, sn, msisdn, providerName } = vehicle;
  const v = vehicle;
  const own = rngOf(v.vin);
  const updated = now - rng.int(1, 90) * DAY - rng.int(0, 86399) * 1000;
  // The `rng` draws below keep the order and count they always had (the literal is evaluated in order).
  const records: Record<NerGroup, Record<string, unknown>> = {
    vehicleInfo: {
      plateNo: plate,
      plateColor: rng.pick(["渐变绿色", "黄绿双拼色", "蓝色"]),
      vehicleUse: rng.pick(["私人", "网约车", "出租客运", "物流配送", "公交客运"]),
      carBuying: rng.pick(["个人购买", "单位购买", "融资租赁"]),
      buyDate: dateOf(updated - rng.int(30, 700) * DAY),
      creditName: null,
      creditCode: null,
      bodyColor: rng.pick(COLORS).name,
      registerDate: dateOf(updated - rng.int(1, 20) * DAY),
      remark: null,
    },
    batteryInfo: {
      batteryModel: nerModel?.battery_model ?? "FD2-BLADE-57",
      batteryType: rng.pick(["磷酸铁锂", "磷酸铁锂", "三元锂"]),
      manufacturer: rng.pick(BATTERY_MAKERS.slice(0, 3)).name,
      ratedVoltage: rng.pick([350.4, 403.2, 537.6, 614.4]),
      ratedCapacity: rng.pick([150, 163, 202, 280]),
      ratedEnergy: nerModel?.rated_energy ?? 57.6,
      packCount: 1,
      packCodes: [],
      productionDate: dateOf(updated - rng.int(60, 400) * DAY),
    },
    driveInfo: {
      driveModel: (nerModel?.drive_model ?? "TZ200XSQ").split("、")[0],
      motorPosition: rng.pick(["前置", "后置"]),
      motorCount: 1,
      manufacturer: rng.pick(["弗迪动力有限公司", "精进电动科技股份有限公司", "联合汽车电子有限公司"]),
      ratedPower: rng.pick([70, 80, 100, 150]),
      peakPower: rng.pick([150, 160, 200, 250]),
      peakTorque: rng.pick([310, 330, 360, 2400]),
      maxSpeed: rng.pick([12000, 14000, 16000]),
      motorCodes: [],
    },
    terminalInfo: {
      tboxModel: nerModel?.tbox_model ?? "HW-TBOX-M5",
      tboxSn: sn,
      manufacturer: providerName,
      iccid: v.iccid,
      msisdn,
      imei: imei(rng),
      firmwareVersion: `V${rng.int(1, 3)}.${rng.int(0, 9)}.${rng.int(0, 20)}`,
      hardwareVersion: `H${rng.int(1, 2)}.${rng.int(0, 5)}`,
      protocol: rng.next() < 0.8 ? "GB/T 32960-2016" : "GB/T 32960-2025",
    },
  };
  // What the VIN's own generator adds: the operating unit of a commercial vehicle, packs and
  // pack codes (trucks carry several packs), motors and motor codes.
  const { vehicleInfo, batteryInfo, driveInfo } = records;
  if (vehicleInfo.vehicleUse !== "私人" && v.units.length > 0 && own.next() < 0.8) {
    const unit = own.pick(v.units);
    vehicleInfo.creditName = unit.name;
    vehicleInfo.creditCode = unit.code;
  }
  const truck = nerModel?.vehicle_type === "货车";
  const maker = own.next() < 0.15 ? BATTERY_MAKERS[3] : BATTERY_MAKERS.find((m) => m.name === batteryInfo.manufacturer);
  batteryInfo.manufacturer = (maker ?? BATTERY_MAKERS[0]).name;
  const produced = Date.parse(String(batteryInfo.productionDate));
  const packCount = truck ? own.int(2, 4) : own.next() < 0.85 ? 1 : 2;
  batteryInfo.packCount = packCount;
  batteryInfo.packCodes = Array.from({ length: packCount }, (_, n) =>
    packCode(
      own,
      (maker ?? BATTERY_MAKERS[0]).code,
      BATTERY_TYPE_CODE[String(batteryInfo.batteryType)] ?? "B",
      produced,
      n + 1,
    ),
  );
  const motorCount = truck ? own.pick([1, 2]) : own.next() < 0.2 ? 2 : 1;
  driveInfo.motorCount = motorCount;
  driveInfo.motorCodes = Array.from(
    { length: motorCount },
    (_, n) => `${n === 0 ? "F" : "R"}${sn.slice(-6)}${String(own.int(1000000, 9999999))}`,
  );
  const filled = (["vehicleInfo", "batteryInfo", "driveInfo", "terminalInfo"] as const).filter(
    (g) => g === "vehicleInfo" || rng.next() < 0.85,
  );
  for (const g of filled) {
    const data: Record<string, unknown> = {};
    for (const f of GROUPS[g].fields) data[f.field] = records[g][f.field] ?? null;
    pushHistory(own, g, v, data, updated, recordRows, logRows);
  }
}

/** One group's record and its change log: created, then edited `edits` times, ending at `data` at `updated`. */
function pushHistory(
  rng: Rng,
  g: NerGroup,
  v: NerVehicle,
  data: Record<string, unknown>,
  updated: number,
  recordRows: Insertable<NerRecordTable>[],
  logRows: Insertable<NerChangeLogTable>[],
): void {
  const edits = rng.next() < 0.35 ? 0 : rng.int(1, 4);
  // Versions from the newest back: each earlier one differs in one to three editable fields.
  const versions = [data];
  for (let e = 0; e < edits; e++) {
    const later = versions[0] as Record<string, unknown>;
    const earlier = { ...later };
    const fields = Object.keys(EDITABLE[g]);
    for (let k = rng.int(1, Math.min(3, fields.length)); k > 0; k--) {
      const field = rng.pick(fields);
      earlier[field] = EDITABLE[g][field]?.(rng, later[field]);
    }
    versions.unshift(earlier);
  }
  // Times: created 2–8 months before the last edit, edits spread in between, the last at `updated`.
  const created = updated - rng.int(60, 240) * DAY - rng.int(0, 86399) * 1000;
  const times = versions.map((_, n) =>
    n === 0 ? created : n === edits ? updated : created + Math.round(((updated - created) * n) / edits),
  );
  const creator = v.editors[0] as Editor;
  const editorOf = (n: number) => (n === 0 ? creator : rng.pick(v.editors));
  let last = { editor: creator, time: created };
  versions.forEach((version, n) => {
    const before = n === 0 ? null : (versions[n - 1] as Record<string, unknown>);
    const changes = GROUPS[g].fields
      .filter((f) => before === null || JSON.stringify(before[f.field]) !== JSON.stringify(version[f.field]))
      .map((f) => ({
        field: f.field,
        label: f.label,
        before: before?.[f.field] ?? null,
        after: version[f.field] ?? null,
      }));
    if (changes.length === 0) return; // an edit that drew the values it had: a save that changes nothing logs nothing
    const editor = editorOf(n);
    last = { editor, time: times[n] as number };
    logRows.push({
      tenant_id: v.tenantId,
      vin: v.vin,
      grp: g,
      changes: JSON.stringify(changes),
      update_by: editor.updateBy,
      update_name: editor.updateName,
      update_time: times[n] as number,
    });
  });
  recordRows.push({
    vin: v.vin,
    grp: g,
    tenant_id: v.tenantId,
    data: JSON.stringify(data),
    update_by: last.editor.updateBy,
    update_name: last.editor.updateName,
    update_time: last.time,
  });
}
