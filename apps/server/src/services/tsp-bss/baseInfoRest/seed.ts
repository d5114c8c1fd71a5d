import { chinaDate, withVinCheckDigit } from "@tsp/domain";
import { createRng, type Rng } from "../../../seed/rng";
import type { SeedContext } from "../../types";
import { columnOf } from "../registers/register";
import { luhnDigit } from "../seed/identifiers";
import "./tables";

/** A PRNG of its own: these rows stay the same wherever the module sits in the seed order, and move no other module's data. */
const SEED = 20_0040;
const DAY = 24 * 3600 * 1000;
const ADMIN = { update_by: "admin", update_name: "系统管理员" };

type Row = Record<string, string | number | null>;
const snake = (row: Row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [columnOf(k), v]));

/** Last change: a third edited by the administrator within two months, the rest as seeded (version 0). */
function touched(rng: Rng, now: number): Row {
  return rng.next() < 0.35
    ? { updated_at: now - rng.int(1, 60) * DAY - rng.int(0, 86_399) * 1000, ...ADMIN }
    : { updated_at: 0, update_by: null, update_name: null };
}

const pad = (n: number, width: number) => String(n).padStart(width, "0");
/** A 17-character PIN / VIN with its ISO 3779 check digit, from WMI, descriptor (5) and a serial. */
const vinOf = (wmi: string, vds: string, year: string, plant: string, serial: number) =>
  withVinCheckDigit(`${wmi}${vds}0${year}${plant}${pad(serial, 6)}`) as string;
/** A 20-digit ICCID of the 8986 range: 19 digits and their Luhn digit. */
const iccidOf = (body19: string) => body19 + luhnDigit(body19);
const isoDate = chinaDate;

/** [type, brand, series, product model, maker, WMI, engine model, engine prefix, implement]. */
const MACHINES: readonly (readonly [string, string, string, string, string, string, string, string, string | null])[] =
  [
    ["excavator", "三一", "中挖", "SY215C", "三一重机有限公司", "LSY", "4HK1", "4HK1", null],
    ["excavator", "徐工", "XE系列", "XE215DA", "徐州徐工挖掘机械有限公司", "LXG", "QSB7", "QSB7", null],
    ["loader", "柳工", "CLG8系列", "CLG856H", "广西柳工机械股份有限公司", "LGL", "WP10G220E341", "WP10", null],
    ["bulldozer", "山推", "SD系列", "SD16", "山推工程机械股份有限公司", "LST", "WD10G178E25", "WD10", null],
    ["roller", "徐工", "XS系列", "XS263J", "徐工集团工程机械股份有限公司", "LXG", "SC7H190", "SC7H", null],
    ["crane", "中联重科", "ZTC系列", "ZTC250V", "中联重科股份有限公司", "LZL", "WP7H", "WP7H", null],
    ["forklift", "合力", "G系列", "CPCD30", "安徽合力股份有限公司", "LHL", "C490BPG", "C490", null],
    ["tractor", "东方红", "LX系列", "LX1204", "中国一拖集团有限公司", "LYT", "LR6A3Z-23", "LR6A", "1LF-535"],
    ["tractor", "雷沃", "欧豹M系列", "M1504-5G", "潍柴雷沃智慧农业科技股份有限公司", "LLV", "WP6T", "WP6T", "2BMG-6"],
    ["harvester", "雷沃", "谷神", "GE80", "潍柴雷沃智慧农业科技股份有限公司", "LLV", "WP4T", "WP4T", null],
  ];
const OWNERS = [
  "深圳市鹏程土石方工程有限公司",
  "广州粤建机械租赁有限公司",
  "东莞市华强建设工程有限公司",
  "佛山市顺德区农机专业合作社",
  "张建国",
  "李卫东",
  "王海涛",
];

/** [type, model, supplier, hardware, software, part prefix]. */
const UNITS: readonly (readonly [string, string, string, string, string, string])[] = [
  ["ivi", "DSV-IVI-8155", "德赛西威", "H2.1", "V3.4.12", "7901010"],
  ["ivi", "HW-HU-9610", "华阳通用", "H1.3", "V2.8.5", "7901020"],
  ["tbox", "HW-TBOX-M5", "华为", "H1.0", "V1.6.2", "3601110"],
  ["ecu", "EDC17C81", "博世", "H4.0", "P1381V520", "3610010"],
  ["ecu", "WISE15", "潍柴", "H2.0", "W15-2.3.7", "3610020"],
  ["tcu", "AMT-TCU-S12", "法士特", "H1.2", "T12-1.9.0", "3620010"],
  ["vcu", "VCU-ZK3", "经纬恒润", "H3.0", "V5.1.1", "3630010"],
  ["bms", "BMS-CATL-G3", "宁德时代", "H3.1", "B3.2.17", "3640010"],
  ["adas", "ADAS-MX-EQ4", "Mobileye", "H4.0", "EQ4-9.2", "3650010"],
];

/** [maker, model]. HJ 1322 terminal makers. */
const TERMINALS: readonly (readonly [string, string])[] = [
  ["北京中交兴路信息科技有限公司", "ZJXL-HJ1322-A"],
  ["深圳市有为信息技术发展有限公司", "YW-FD100"],
  ["厦门雅迅网络股份有限公司", "YX-NR808"],
];

/** [plant, vehicle model, config prefix, WMI, descriptor]. */
const LINES: readonly (readonly [string, string, string, string, string])[] = [
  ["长春总装一厂", "CA4250P66K24T1E6", "J6P-460-6X4", "LFW", "P66K2"],
  ["青岛总装厂", "CA4180P25K2E6", "J6L-280-4X2", "LFN", "P25K2"],
  ["深圳坪山工厂", "BYD6122LGEV3", "K9-12M-BEV", "LC0", "C7GDA"],
  ["郑州宇通新能源工厂", "ZK6126BEVG", "E12-BEV", "LZY", "TGFB2"],
];

/**
 * The four registers' demo rows, per tenant: machinery (10 kinds, a few of each; 国三 ones
 * older, without a disclosure number), their supervision terminals in every filing state
 * (some in stock), the head units of the tenant's vehicles, MES records of its vehicles as
 * built plus a batch not yet on file. Deterministic: fixed lists, a PRNG of its own, `ctx.now`.
 */
export async function seedBaseInfoRest(ctx: SeedContext): Promise<void> {
  const rng = createRng(SEED);
  const now = ctx.now.getTime();
  const [demo, other, sub] = ctx.tenantIds as [number, number, number];
  const tenants = [demo, other, sub].filter((t) => t !== undefined);
  const machinery: Row[] = [];
  const terminals: Row[] = [];
  const units: Row[] = [];
  const mes: Row[] = [];
  let serial = 0;
  for (const [ti, tenant] of tenants.entries()) {
    const count = tenant === demo ? 24 : 8;
    const pins: string[] = [];
    for (let i = 0; i < count; i++) {
      const [type, brand, series, cpxh, maker, wmi, engineModel, enginePrefix, jjxh] = MACHINES[
        (i + ti) % MACHINES.length
      ] as (typeof MACHINES)[number];
      serial += 1;
      const cn4 = i % 4 !== 3;
      const year = cn4 ? rng.pick(["N", "P", "R", "S"]) : rng.pick(["K", "L", "M"]);
      const pin = vinOf(wmi, `${cpxh.replace(/[^0-9A-HJ-NPR-Z]/g, "")}XXXXX`.slice(0, 5), year, "A", 230_000 + serial);
      pins.push(pin);
      machinery.push({
        tenant_id: tenant,
        ...snake({
          vin: pin,
          mein: `${wmi}${pad(serial, 9)}`,
          machineryType: type,
          brand,
          series,
          cpxh,
          cpbh: `${cpxh.replace(/[^0-9A-Z]/g, "")}${pad(230_000 + serial, 7)}`,
          jjxh,
          manufacturer: maker,
          emissionStage: cn4 ? "cn4" : "cn3",
          disclosureNo: cn4
            ? `CN ND G4 ${pad(rng.int(10, 99), 2)} ${pad(rng.int(0, 9999), 4)} ${pad(serial, 6)}`
            : null,
          engineModel,
          engineNo: `${enginePrefix}${pad(rng.int(100_000, 999_999), 6)}`,
          ownerName: rng.next() < 0.85 ? rng.pick(OWNERS) : null,
          remark: null,
        }),
        ...touched(rng, now),
      });
    }
    // Terminals: most machines (国四 above all) carry one; a few sit in stock.
    const fitted = pins.filter((_, i) => i % 4 !== 3 || i % 8 === 3);
    const stock = tenant === demo ? 4 : 1;
    for (let i = 0; i < fitted.length + stock; i++) {
      const [maker, model] = TERMINALS[i % TERMINALS.length] as (typeof TERMINALS)[number];
      serial += 1;
      const pin = fitted[i] ?? null;
      const installed = pin === null ? null : isoDate(now - rng.int(20, 700) * DAY);
      const state = pin === null ? "unfiled" : rng.pick(["filed", "filed", "filed", "filing", "unfiled", "returned"]);
      terminals.push({
        tenant_id: tenant,
        ...snake({
          terminalId: `HJT${pad(serial, 9)}`,
          manufacturer: maker,
          terminalModel: model,
          chipId: `SC${rng.int(0x1000_0000, 0x7fff_ffff).toString(16).toUpperCase()}${pad(serial, 6)}`,
          iccid: iccidOf(`898604${pad(rng.int(0, 99_999_999), 8)}${pad(serial, 5)}`),
          msisdn: `1440${pad(rng.int(0, 999_999_999), 9)}`,
          machineryPin: pin,
          installDate: installed,
          filingState: state,
          filingNo: state === "filed" ? `HB${(installed ?? "").replaceAll("-", "")}${pad(serial, 5)}` : null,
          remark: state === "returned" ? "备案资料缺少安装照片，已退回" : null,
        }),
        ...touched(rng, now),
      });
    }
    // Head units: two to three units per vehicle of the tenant, a few in stock.
    const vins = ctx.vehicles.filter((v) => v.tenantId === tenant).map((v) => v.vin);
    const bound = [...vins.slice(0, tenant === demo ? 12 : 4).flatMap((v) => [v, v]), null, null, null];
    for (const [i, vin] of bound.entries()) {
      const [type, model, supplier, hw, sw, part] = UNITS[(i * 5 + ti) % UNITS.length] as (typeof UNITS)[number];
      serial += 1;
      units.push({
        tenant_id: tenant,
        ...snake({
          unitSn: `${model.replace(/[^0-9A-Z]/g, "").slice(0, 6)}${pad(serial, 8)}`,
          ecuType: type,
          ecuModel: model,
          supplier,
          hardwareVersion: hw,
          softwareVersion: sw,
          partNo: `${part}-${pad(rng.int(1, 99), 2)}`,
          boundVin: vin,
          remark: vin === null ? "库存备件" : null,
        }),
        ...touched(rng, now),
      });
    }
    // MES: the tenant's vehicles as built (on file), and a batch not yet on file.
    const built = vins.slice(0, tenant === demo ? 10 : 3).map((vin) => ({ vin, onFile: true }));
    const fresh = Array.from({ length: tenant === demo ? 20 : 5 }, () => ({ vin: "", onFile: false }));
    for (const [i, v] of [...built, ...fresh].entries()) {
      const [plant, model, config, wmi, vds] = LINES[(i + ti) % LINES.length] as (typeof LINES)[number];
      serial += 1;
      const buildAt = now - rng.int(3, 400) * DAY;
      mes.push({
        tenant_id: tenant,
        ...snake({
          vin: v.onFile ? v.vin : vinOf(wmi, vds, "S", "1", 500_000 + serial),
          vehicleModel: model,
          configCode: `${config}-${rng.pick(["STD", "LUX", "ECO"])}`,
          plant,
          productionOrder: `PO${isoDate(buildAt).replaceAll("-", "")}${pad(serial, 4)}`,
          buildDate: isoDate(buildAt),
          offlineDate: i % 7 === 6 ? null : isoDate(buildAt + rng.int(0, 2) * DAY),
          engineNo: model.startsWith("CA") ? `CA6DM${pad(rng.int(100_000, 999_999), 6)}` : null,
          tboxSn: rng.next() < 0.8 ? `TB${pad(serial, 10)}` : null,
          remark: i % 7 === 6 ? "在制，未下线" : null,
        }),
        ...touched(rng, now),
      });
    }
  }
  const insert = async (table: "bss_machinery_info" | "bss_ecu" | "bss_black_box" | "bss_mes_vehicle", rows: Row[]) => {
    if (rows.length > 0)
      await ctx.db
        .insertInto(table)
        .values(rows as never)
        .execute();
  };
  await insert("bss_machinery_info", machinery);
  await insert("bss_black_box", terminals);
  await insert("bss_ecu", units);
  await insert("bss_mes_vehicle", mes);
}
