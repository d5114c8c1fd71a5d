import { creditCodeCheckChar } from "@tsp/domain";
import { createRng, type Rng } from "../../../seed/rng";
import type { SeedContext } from "../../types";
import { columnOf } from "./register";
import "./tables";

/**
 * A PRNG of its own (not the shared one): the registers' demo rows stay the same wherever
 * this module sits in the seed order, and drawing here moves no other module's data.
 */
const SEED = 20_2011;
const DAY = 24 * 3600 * 1000;
const ADMIN = { update_by: "admin", update_name: "系统管理员" };

type Row = Record<string, string | number | null>;

/** [code, manufacturer, model, type, gears, max input torque N·m, 1st gear ratio, top gear ratio]. */
const GEARBOXES: readonly (readonly [string, string, string, string, number, number, number, number])[] = [
  ["FAST-12JSD200TA", "法士特", "12JSD200TA", "manual", 12, 2000, 15.53, 1.0],
  ["FAST-12JSD180TA", "法士特", "12JSD180TA", "manual", 12, 1800, 15.53, 1.0],
  ["FAST-16JZSD240TA", "法士特", "16JZSD240TA", "manual", 16, 2400, 16.69, 0.84],
  ["FAST-S12MO", "法士特", "S12MO 智能AMT", "amt", 12, 2600, 14.62, 1.0],
  ["FAST-8JS125TA", "法士特", "8JS125TA", "manual", 8, 1250, 9.5, 0.78],
  ["FAST-10JSD180", "法士特", "10JSD180", "manual", 10, 1800, 12.65, 1.0],
  ["ZF-12TX2620TD", "采埃孚", "TraXon 12TX2620TD", "amt", 12, 2600, 16.69, 1.0],
  ["ZF-16S2230TO", "采埃孚", "16S2230TO", "manual", 16, 2300, 13.8, 0.84],
  ["ZF-6AP1400B", "采埃孚", "EcoLife 6AP1400B", "at", 6, 1400, 3.36, 0.59],
  ["EATON-RTLO16913A", "伊顿", "RTLO-16913A", "manual", 13, 2100, 12.57, 0.73],
  ["EATON-ES11109", "伊顿", "ES11109", "manual", 10, 1500, 12.42, 1.0],
  ["ALLISON-3000", "艾里逊", "3000系列", "at", 6, 1600, 3.49, 0.65],
  ["HW25712XSTL", "中国重汽", "HW25712XSTL", "manual", 12, 2500, 12.1, 0.83],
  ["QJ-10JS160", "綦江齿轮", "10JS160", "manual", 10, 1600, 12.45, 1.0],
  ["WLY-6T85", "万里扬", "WLY6T85", "manual", 6, 850, 6.31, 0.79],
  ["WLY-CVT25", "万里扬", "CVT25", "cvt", 1, 250, 1, 1],
  ["FAW-CA12TAX260A2", "一汽解放", "CA12TAX260A2 AMT", "amt", 12, 2600, 14.93, 1.0],
];

/** Ratios from 1st to top gear, evenly stepped on a log scale (how gear ratios progress), 2 decimals. */
function ratios(gears: number, first: number, top: number): string | null {
  if (gears < 2) return null;
  const out: number[] = [];
  for (let i = 0; i < gears; i++) {
    const r = Math.round(first * (top / first) ** (i / (gears - 1)) * 100) / 100;
    out.push(i > 0 && r >= (out[i - 1] as number) ? (out[i - 1] as number) - 0.01 : r);
  }
  return out.map((r) => r.toFixed(2)).join("/");
}

/** [code, name, kind, area code, status]. */
const LENDERS: readonly (readonly [string, string, string, string, string])[] = [
  ["FIN-FAW", "一汽汽车金融有限公司", "autoFinance", "220101", "active"],
  ["FIN-GMAC", "上汽通用汽车金融有限责任公司", "autoFinance", "310000", "active"],
  ["FIN-BYD", "比亚迪汽车金融有限公司", "autoFinance", "610131", "active"],
  ["FIN-SINOTRUK", "重汽汽车金融有限公司", "autoFinance", "370100", "active"],
  ["FIN-PAFL", "平安国际融资租赁有限公司", "leasing", "310115", "active"],
  ["FIN-FEHL", "远东国际融资租赁有限公司", "leasing", "310115", "active"],
  ["FIN-LIONBRIDGE", "狮桥融资租赁（中国）有限公司", "leasing", "120118", "active"],
  ["FIN-HUAXIA-FL", "华夏金融租赁有限公司", "leasing", "530100", "disabled"],
  ["FIN-ICBC", "中国工商银行股份有限公司", "bank", "110000", "active"],
  ["FIN-CCB", "中国建设银行股份有限公司", "bank", "110000", "active"],
  ["FIN-CMB", "招商银行股份有限公司", "bank", "440300", "active"],
  ["FIN-CZB", "浙商银行股份有限公司", "bank", "330000", "disabled"],
];

/** [code, name, region, status]. */
const LESSORS: readonly (readonly [string, string, string, string])[] = [
  ["LEASE-SZQH", "深圳前海顺通汽车租赁有限公司", "广东省深圳市南山区", "active"],
  ["LEASE-GZYT", "广州粤通物流车辆租赁有限公司", "广东省广州市白云区", "active"],
  ["LEASE-SHJT", "上海交运汽车租赁有限公司", "上海市闵行区", "active"],
  ["LEASE-CDXY", "成都蓉新运力车辆租赁有限公司", "四川省成都市双流区", "active"],
  ["LEASE-WHLH", "武汉联合重卡租赁有限公司", "湖北省武汉市东西湖区", "active"],
  ["LEASE-ZZZY", "郑州中原新能源车辆租赁有限公司", "河南省郑州市管城回族区", "disabled"],
  ["LEASE-JNZQ", "济南重汽商用车租赁有限公司", "山东省济南市章丘区", "active"],
  ["LEASE-XAHC", "西安汇成工程机械租赁有限公司", "陕西省西安市未央区", "active"],
];

/** [engine model, maker, economic band low, high, max-torque rpm]. Heavy diesels sit low; light ones higher. */
const BANDS: readonly (readonly [string, string, number, number, number | null])[] = [
  ["WP13.550E62", "潍柴", 1000, 1400, 1100],
  ["WP12.460E62", "潍柴", 1000, 1450, 1150],
  ["WP10H.400E62", "潍柴", 1050, 1500, 1200],
  ["YC6K13-56", "玉柴", 1000, 1400, 1100],
  ["YCS06-32", "玉柴", 1100, 1600, 1300],
  ["CA6DM3-55E6", "锡柴", 1000, 1400, 1050],
  ["CA6DK1-35E6", "锡柴", 1100, 1600, 1300],
  ["ISZ13-520", "康明斯", 1000, 1450, 1100],
  ["ISF3.8s6", "福田康明斯", 1400, 2200, 1600],
  ["D13K-540", "东风", 1000, 1400, 1100],
  ["MC13.54-61", "中国重汽", 1000, 1400, 1050],
  ["SC9DF340Q6", "上柴", 1100, 1600, null],
  ["D30TCIF1", "云内动力", 1500, 2300, 1800],
];

const NAMES = ["王敏", "李强", "张伟", "刘洋", "陈静", "杨帆", "赵磊", "黄丽", "周杰", "吴婷"];

/** A unified social credit code of a company registered in `area`: 91 + area + 9 characters + check. */
function creditCode(rng: Rng, area: string): string {
  const chars = "0123456789ABCDEFGHJKLMNPQRTUWXY";
  let body = `91${area}`;
  for (let i = 0; i < 9; i++) body += chars.charAt(rng.int(0, chars.length - 1));
  return body + (creditCodeCheckChar(body) ?? "0");
}

const landline = (rng: Rng, area: string) =>
  `0${area === "110000" ? "10" : area === "310000" || area === "310115" ? "21" : String(rng.int(371, 898))}-${rng.int(60_000_000, 89_999_999)}`;
const mobile = (rng: Rng) =>
  `1${rng.pick(["38", "39", "58", "86", "89"])}${String(rng.int(0, 99_999_999)).padStart(8, "0")}`;

/** Last change: a third edited by the administrator within two months, the rest as seeded (version 0). */
function touched(rng: Rng, now: number): Row {
  return rng.next() < 0.35
    ? { updated_at: now - rng.int(1, 60) * DAY - rng.int(0, 86_399) * 1000, ...ADMIN }
    : { updated_at: 0, update_by: null, update_name: null };
}

const snake = (row: Row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [columnOf(k), v]));

/**
 * The registers' demo rows: the demo tenant and its sub-tenant share out the full catalogues
 * (17 gearbox models, 12 lenders, 8 lessors, 13 engine bands; every fifth row is the
 * sub-tenant's), the isolation tenant holds a third of them — so tenant isolation is visible. Deterministic: fixed lists, a PRNG of its
 * own, and `ctx.now`.
 */
export async function seedRegisters(ctx: SeedContext): Promise<void> {
  const rng = createRng(SEED);
  const now = ctx.now.getTime();
  const [demo, other, sub] = ctx.tenantIds as [number, number, number];
  const portion = <T>(items: readonly T[], tenant: number): readonly T[] =>
    tenant === other
      ? items.filter((_, i) => i % 3 === 1)
      : // The demo tenant and its sub-tenant split the list: a code is in one of them, as the administrator sees both.
        items.filter((_, i) => (i % 5 === 4) === (tenant === sub));
  const insert = async (
    table: "bss_gearbox" | "bss_finance_org" | "bss_lease_org" | "bss_economic_speed",
    rows: Row[],
  ) => {
    if (rows.length > 0)
      await ctx.db
        .insertInto(table)
        .values(rows as never)
        .execute();
  };
  const tenants = [demo, other, sub].filter((t) => t !== undefined);
  const g: Row[] = [];
  const f: Row[] = [];
  const l: Row[] = [];
  const e: Row[] = [];
  for (const tenant of tenants) {
    for (const [code, manufacturer, modelName, type, gears, torque, first, top] of portion(GEARBOXES, tenant))
      g.push({
        tenant_id: tenant,
        ...snake({
          code,
          modelName,
          manufacturer,
          gearboxType: type,
          gears,
          maxInputTorque: torque,
          speedRatios: ratios(gears, first, top),
          remark: type === "cvt" ? "无级变速，无固定速比" : null,
        }),
        ...touched(rng, now),
      });
    for (const [code, name, kind, area, status] of portion(LENDERS, tenant))
      f.push({
        tenant_id: tenant,
        ...snake({
          code,
          name,
          kind,
          creditCode: creditCode(rng, area),
          contact: rng.pick(NAMES),
          phone: rng.next() < 0.7 ? landline(rng, area) : mobile(rng),
          status,
          remark: status === "disabled" ? "合作已终止" : null,
        }),
        ...touched(rng, now),
      });
    for (const [code, name, region, status] of portion(LESSORS, tenant))
      l.push({
        tenant_id: tenant,
        ...snake({
          code,
          name,
          creditCode: creditCode(rng, rng.pick(["440300", "440100", "310112", "510116", "420112", "410104"])),
          contact: rng.pick(NAMES),
          phone: mobile(rng),
          region,
          status,
          remark: null,
        }),
        ...touched(rng, now),
      });
    for (const [engineModel, manufacturer, minRpm, maxRpm, peakTorqueRpm] of portion(BANDS, tenant))
      e.push({
        tenant_id: tenant,
        ...snake({ engineModel, manufacturer, minRpm, maxRpm, peakTorqueRpm, remark: null }),
        ...touched(rng, now),
      });
  }
  await insert("bss_gearbox", g);
  await insert("bss_finance_org", f);
  await insert("bss_lease_org", l);
  await insert("bss_economic_speed", e);
}
