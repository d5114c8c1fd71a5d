import type { Insertable } from "kysely";
import type { Rng } from "../../../seed/rng";
import { GROUPS } from "../ner/groups";
import type { NerChangeLogTable, NerGroup, NerRecordTable } from "../tables";
import { imei } from "./identifiers";
import { DAY, dateOf } from "./people";
import { COLORS, type NER_MODELS } from "./referenceData";

const SEEDER = { updateBy: "admin", updateName: "系统管理员" };

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
}

/**
 * The four master-data groups of one vehicle (vehicle info always, the others mostly) and
 * their first change-log entries, appended to `recordRows` and `logRows`.
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
  const updated = now - rng.int(1, 90) * DAY - rng.int(0, 86399) * 1000;
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
      manufacturer: rng.pick(["宁德时代新能源科技股份有限公司", "弗迪电池有限公司", "国轩高科股份有限公司"]),
      ratedVoltage: rng.pick([350.4, 403.2, 537.6, 614.4]),
      ratedCapacity: rng.pick([150, 163, 202, 280]),
      ratedEnergy: nerModel?.rated_energy ?? 57.6,
      packCount: 1,
      packCodes: [`${sn}-P1`],
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
      motorCodes: [`M${sn}`],
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
  const filled = (["vehicleInfo", "batteryInfo", "driveInfo", "terminalInfo"] as const).filter(
    (g) => g === "vehicleInfo" || rng.next() < 0.85,
  );
  for (const g of filled) {
    const data: Record<string, unknown> = {};
    for (const f of GROUPS[g].fields) data[f.field] = records[g][f.field] ?? null;
    recordRows.push({
      vin: v.vin,
      grp: g,
      tenant_id: v.tenantId,
      data: JSON.stringify(data),
      update_by: SEEDER.updateBy,
      update_name: SEEDER.updateName,
      update_time: updated,
    });
    logRows.push({
      tenant_id: v.tenantId,
      vin: v.vin,
      grp: g,
      changes: JSON.stringify(
        GROUPS[g].fields.map((f) => ({
          field: f.field,
          label: f.label,
          before: null,
          after: data[f.field] ?? null,
        })),
      ),
      update_by: SEEDER.updateBy,
      update_name: SEEDER.updateName,
      update_time: updated,
    });
  }
}
