import { encodeVehicleLoginMessage, encodeVehicleLogoutMessage } from "@tsp/domain";
import type { Rng } from "../../seed/rng";
import type { SeedContext, SeedSizes } from "../types";

const HOUR = 3600 * 1000;
const CHINA_OFFSET_MS = 8 * HOUR;

/**
 * GB/T 32960 login and logout frames for every demo vehicle, built with @tsp/domain's
 * encoder: two driving sessions a day going back from now (morning and afternoon, China
 * time), each a login followed hours later by a logout with the same serial. The ICCID in
 * the login frame is the vehicle's bound SIM, as a real T-BOX reports it.
 */
export async function seedJournals(ctx: SeedContext, rng: Rng, sizes: SeedSizes): Promise<void> {
  const nowMs = ctx.now.getTime();
  const todayChina = Math.floor((nowMs + CHINA_OFFSET_MS) / (24 * HOUR));
  const logins: { vin: string; ts: number; content: string }[] = [];
  const logouts: { vin: string; ts: number; content: string }[] = [];
  for (const v of ctx.vehicles) {
    let serial = rng.int(1, 200);
    for (let i = 0; i < sizes.journalPerVehicle; i++) {
      const day = todayChina - 1 - Math.floor(i / 2);
      const startHour = i % 2 === 0 ? rng.int(6, 9) : rng.int(13, 16);
      const loginTs = day * 24 * HOUR - CHINA_OFFSET_MS + startHour * HOUR + rng.int(0, 3599) * 1000;
      const logoutTs = loginTs + rng.int(1, 4) * HOUR + rng.int(0, 3599) * 1000;
      serial = (serial % 65531) + 1;
      const login = encodeVehicleLoginMessage(v.vin, {
        edition: 2016,
        collectedAt: loginTs,
        serial,
        iccid: v.iccid,
        codeLength: 0,
        subsystemCodes: [],
      });
      const logout = encodeVehicleLogoutMessage(v.vin, { collectedAt: logoutTs, serial });
      if (!login.ok || !logout.ok) throw new Error(`cannot encode frames for ${v.vin}`);
      logins.push({ vin: v.vin, ts: loginTs, content: login.value });
      logouts.push({ vin: v.vin, ts: logoutTs, content: logout.value });
    }
  }
  for (let i = 0; i < logins.length; i += 1000) {
    await ctx.db
      .insertInto("vehicle_login_log")
      .values(logins.slice(i, i + 1000))
      .execute();
    await ctx.db
      .insertInto("vehicle_logout_log")
      .values(logouts.slice(i, i + 1000))
      .execute();
  }
}
