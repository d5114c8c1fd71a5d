import type { Insertable } from "kysely";
import { sql } from "kysely";
import type { GatewayRegistrationTable } from "../../gateway/commands/tables";
import type { Rng } from "../../seed/rng";
import { phoneOf } from "../../simulator/fleet";
import type { SeedContext } from "../types";
import "../tsp-bss/tbox/tables";
import "../tsp-hbase-proxy/tables";

const DAY = 86_400_000;

/**
 * TBOX注册状态查询's history before the first start, as the gateway would have written it:
 * - GB/T 32960 T-BOXes: a login / logout row for each frame of the seeded login journal;
 * - JT/T 808 T-BOXes bound to a vehicle: a register (0x0100, result 0) 10–30 days ago, then an
 *   authentication (0x0102) on each day they connected; one in six once sent a stale code
 *   (refused: 鉴权码与注册时下发的不一致) and registered again, one in ten is refused still;
 * - JT/T 808 T-BOXes bound to no vehicle: registers refused with 0x8100 result 2 (数据库中无该车辆),
 *   the gateway's reason.
 * Deterministic (the seed's rng); the gateway writes everything from the first start on.
 */
export async function seedRegistrations(ctx: SeedContext, rng: Rng): Promise<void> {
  const now = ctx.now.getTime();
  await sql`insert into gateway_registration (vin, protocol, terminal_id, phone, message, result, note, at)
    select l.vin, 'gbt32960', null, null, l.message, 0, null, l.ts from (
      select vin, ts, 'login' as message from vehicle_login_log
      union all select vin, ts, 'logout' as message from vehicle_logout_log) l
    join vehicle v on v.vin = l.vin join bss_tbox t on t.sn = v.tbox_sn and t.protocol = 'GBT32960'`.execute(ctx.db);
  const terminals = await ctx.db
    .selectFrom("bss_tbox as t")
    .leftJoin("vehicle as v", "v.tbox_sn", "t.sn")
    .select(["t.sn", "t.terminal_id", "v.vin"])
    .where("t.protocol", "=", "JTT808")
    .where("t.terminal_id", "is not", null)
    .where("t.state", "!=", "deregistered")
    .orderBy("t.sn")
    .execute();
  const rows: Insertable<GatewayRegistrationTable>[] = [];
  const at = (daysAgo: number) => now - daysAgo * DAY + rng.int(7 * 3600, 20 * 3600) * 1000;
  terminals.forEach((t, i) => {
    const terminalId = t.terminal_id as string;
    if (t.vin === null) {
      const phone = `14${String(900_000_000 + i)}`;
      for (let n = rng.int(1, 3); n > 0; n--) {
        rows.push({
          vin: null,
          protocol: "jt808",
          terminal_id: terminalId,
          phone,
          message: "register",
          result: 2,
          note: `终端“${terminalId}”（T-BOX ${t.sn}）未绑定车辆`,
          at: at(n * rng.int(1, 4)),
        });
      }
      return;
    }
    const vin = t.vin;
    const phone = phoneOf(vin);
    const row = (message: "register" | "authenticate", result: number, note: string | null, when: number) =>
      rows.push({ vin, protocol: "jt808", terminal_id: terminalId, phone, message, result, note, at: when });
    const first = rng.int(10, 30);
    row("register", 0, null, at(first));
    for (let d = first - 1; d >= 1; d--) {
      if (rng.next() < 0.5) continue;
      const when = at(d);
      if (i % 6 === 1 && d === 3) {
        row("authenticate", 1, "鉴权码与注册时下发的不一致", when);
        row("register", 0, null, when + 2_000);
        row("authenticate", 0, null, when + 4_000);
      } else row("authenticate", 0, null, when);
    }
    if (i % 10 === 7) row("authenticate", 1, "鉴权码与注册时下发的不一致", now - rng.int(600, 3600) * 1000);
  });
  for (let i = 0; i < rows.length; i += 1000)
    await ctx.db
      .insertInto("gateway_registration")
      .values(rows.slice(i, i + 1000))
      .execute();
}
