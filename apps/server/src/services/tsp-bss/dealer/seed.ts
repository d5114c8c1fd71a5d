import { sql } from "kysely";
import { createRng, type Rng } from "../../../seed/rng";
import type { SeedContext } from "../../types";
import { person } from "../seed/people";
import "./tables";

/** Map points near the demo districts (南山, 天河, 浦东, 苏州工业园, 西湖, 海淀, 历下): centre, jittered per dealer. */
export const DISTRICT_POINTS: Readonly<Record<string, readonly [number, number, string]>> = {
  "440305": [113.93, 22.53, "南山区科技园"],
  "440106": [113.36, 23.12, "天河区黄埔大道"],
  "310115": [121.54, 31.22, "浦东新区张江路"],
  "320505": [120.56, 31.27, "虎丘区长江路"],
  "330106": [120.13, 30.27, "西湖区文三路"],
  "110108": [116.3, 39.96, "海淀区北四环西路"],
  "370102": [117.08, 36.67, "历下区经十路"],
};
/** Area codes of the district's city for landlines. */
export const CITY_AREA_CODES: Readonly<Record<string, string>> = {
  "44": "0755",
  "31": "021",
  "32": "0512",
  "33": "0571",
  "11": "010",
  "37": "0531",
};
/** Brands a dealer or station of the demo network handles (bss_brand ids: 比亚迪, 腾势, 解放, 五菱, 宇通). */
const BRAND_SETS = [[11, 12], [21], [11], [31], [41, 21], [11, 31]] as const;

/** A landline of the district's city, or a mobile. */
export function phoneOf(rng: Rng, areaId: string, mobile: boolean): string {
  if (mobile) return `1${rng.pick(["39", "58", "86", "37"])}${String(rng.int(0, 99_999_999)).padStart(8, "0")}`;
  const code = areaId === "440106" ? "020" : (CITY_AREA_CODES[areaId.slice(0, 2)] ?? "010");
  return `${code}-${rng.int(2, 8)}${String(rng.int(0, 9_999_999)).padStart(7, "0")}`;
}

/** A point near the district's centre (about ±3 km), 4 decimals as the picker gives them. */
export function pointNear(rng: Rng, areaId: string): { lng: number | null; lat: number | null } {
  const p = DISTRICT_POINTS[areaId];
  if (!p) return { lng: null, lat: null };
  const jitter = () => (rng.next() - 0.5) * 0.06;
  return { lng: Math.round((p[0] + jitter()) * 1e4) / 1e4, lat: Math.round((p[1] + jitter()) * 1e4) / 1e4 };
}

/**
 * Fills in the register of every dealer tsp-bss seeded (a selling and a secondary dealer per
 * district and tenant): the secondary dealer sells under its district's selling dealer; an
 * address and point in the district, a contact, brands, and one closed secondary dealer per
 * tenant. Its own PRNG, so the modules' shared one and their data stay as they were.
 */
export async function seedDealers(ctx: SeedContext): Promise<void> {
  const rng = createRng(20_0101);
  const dealers = await ctx.db
    .selectFrom("bss_dealer")
    .select(["code", "tenant_id", "area_id", "kind"])
    .orderBy("code")
    .execute();
  const sellers = new Map(dealers.filter((d) => d.kind === "sale").map((d) => [`${d.tenant_id}:${d.area_id}`, d.code]));
  const closedTenants = new Set<number>();
  const values = dealers.map((d, i) => {
    const point = pointNear(rng, d.area_id);
    const parent = d.kind === "secondary" ? (sellers.get(`${d.tenant_id}:${d.area_id}`) ?? null) : null;
    // The first secondary dealer of each tenant has closed (a realistic network has some).
    const closed = d.kind === "secondary" && !closedTenants.has(d.tenant_id);
    if (closed) closedTenants.add(d.tenant_id);
    const street = DISTRICT_POINTS[d.area_id]?.[2] ?? "";
    return sql`(${d.code}, ${parent}, ${`${street}${rng.int(1, 999)}号`}, ${point.lng}, ${point.lat}, ${person(rng)}, ${phoneOf(rng, d.area_id, i % 3 === 0)}, ${JSON.stringify(BRAND_SETS[i % BRAND_SETS.length])}, ${closed ? "closed" : "open"})`;
  });
  if (values.length === 0) return;
  await sql`update bss_dealer as d set
      parent_code = v.parent_code, address = v.address, lng = v.lng::float8, lat = v.lat::float8,
      contact_name = v.contact_name, contact_phone = v.contact_phone, brand_ids = v.brand_ids::jsonb, status = v.status
    from (values ${sql.join(values)}) as v(code, parent_code, address, lng, lat, contact_name, contact_phone, brand_ids, status)
    where d.code = v.code`.execute(ctx.db);
}
