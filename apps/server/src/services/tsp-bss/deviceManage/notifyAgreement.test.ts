import { deliveredChannels, type NotifyChannel, notifyMatches, TAMPER_KINDS, type TamperKind } from "@tsp/domain";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../testing/testServer";
import { notifyMatchSql } from "./notify";

/**
 * 报警通知人员's rule is written twice: `notifyMatches` in @tsp/domain (the rule as the screen and
 * the tests state it) and `notifyMatchSql`, the same rule in SQL so 个人消息 can select matching
 * tamper alarms in one query. This test evaluates the SQL on the real schema for every rule and
 * alarm of a grid and expects exactly the domain's answer (and, for 个人消息, the 站内消息 channel),
 * so the two cannot drift apart unnoticed.
 */
let server: TestServer;
/** A vehicle whose selling dealer has a region, with that region; and one with no sale at all. */
let known: { vin: string; region: string };
let unknownVin: string;

beforeAll(async () => {
  server = await startTestServer();
  const sold = await sql<{ vin: string; area_id: string }>`
    select s.vin, d.area_id from bss_vehicle_sale s
    join bss_dealer d on d.code = s.dealer_code and d.tenant_id = s.tenant_id
    where d.area_id is not null and length(d.area_id) >= 2 order by s.vin limit 1`.execute(server.db);
  const unsold = await sql<{ vin: string }>`
    select v.vin from vehicle v where not exists (select 1 from bss_vehicle_sale s where s.vin = v.vin)
    order by v.vin limit 1`.execute(server.db);
  const [s, u] = [sold.rows[0], unsold.rows[0]];
  if (!s || !u) throw new Error("the demo seed has no sold vehicle with a dealer region, or no unsold vehicle");
  known = { vin: s.vin, region: s.area_id };
  unknownVin = u.vin;
});
afterAll(() => server?.stop());

interface Rule {
  enabled: boolean;
  channels: NotifyChannel[];
  kinds: TamperKind[];
  minLevel: 1 | 2 | 3;
  regions: string[];
}

function rules(): Rule[] {
  const province = known.region.slice(0, 2);
  const other = province === "11" ? "31" : "11";
  const out: Rule[] = [];
  for (const enabled of [true, false])
    for (const channels of [["site"], ["sms", "email"], ["sms", "site"]] as NotifyChannel[][])
      for (const kinds of [["removed"], ["powerOff"], ["removed", "powerOff"]] as TamperKind[][])
        for (const minLevel of [1, 2, 3] as const)
          for (const regions of [[], [province], [other], [other, province]])
            out.push({ enabled, channels, kinds, minLevel, regions });
  return out;
}

/** A text[] literal (typed even when empty). */
const arr = (xs: readonly string[]) => (xs.length ? sql`array[${sql.join(xs)}]::text[]` : sql`array[]::text[]`);

/** The SQL's answer for one rule and every vehicle × kind × level, keyed `vin kind level`. */
async function sqlMatches(rule: Rule, vins: readonly string[]): Promise<Map<string, boolean>> {
  const r = await sql<{ vin: string; kind: string; level: number; m: boolean }>`
    select v.vin, t.kind, t.level, (${notifyMatchSql}) as m
    from (select ${rule.enabled}::boolean as enabled, ${arr(rule.channels)} as channels, ${arr(rule.kinds)} as kinds,
            ${rule.minLevel}::int as min_level, ${arr(rule.regions)} as regions) n,
         unnest(${arr(TAMPER_KINDS)}) as k(kind), generate_series(1, 3) as l(level),
         vehicle v,
         lateral (select v.vin, k.kind, l.level) t
    where v.vin in (${sql.join(vins)})`.execute(server.db);
  return new Map(r.rows.map((x) => [`${x.vin} ${x.kind} ${x.level}`, x.m === true]));
}

describe("报警通知人员: the SQL rule of 个人消息 agrees with @tsp/domain notifyMatches", () => {
  it("answers as the domain for every rule × kind × level × vehicle region of the grid", async () => {
    let agreed = 0;
    let matched = 0;
    for (const rule of rules()) {
      const answers = await sqlMatches(rule, [known.vin, unknownVin]);
      expect(answers.size).toBe(2 * TAMPER_KINDS.length * 3);
      for (const [vin, region] of [
        [known.vin, known.region],
        [unknownVin, null],
      ] as const)
        for (const kind of TAMPER_KINDS)
          for (const level of [1, 2, 3]) {
            const expected =
              notifyMatches(rule, { kind, level, region }) && deliveredChannels(rule.channels).includes("site");
            const actual = answers.get(`${vin} ${kind} ${level}`);
            expect(actual, `${JSON.stringify(rule)} ${vin} (${region}) ${kind} level ${level}`).toBe(expected);
            agreed++;
            if (expected) matched++;
          }
    }
    // The grid reaches both answers often (a grid of all-false would agree with a broken rule).
    expect(agreed).toBe(rules().length * 2 * TAMPER_KINDS.length * 3);
    expect(matched).toBeGreaterThan(50);
    expect(agreed - matched).toBeGreaterThan(50);
  });
});
