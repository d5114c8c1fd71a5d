import { mediaObjectKey } from "../../gateway/multimedia/mediaStore";
import { createRng, type Rng } from "../../seed/rng";
import type { SeedContext } from "../types";
import { seedSafetyAlarms } from "./alarms/seed";
import "../../gateway/multimedia/tables";
import { simulatedCameraPhoto } from "../../simulator/cameraPhoto";
import "./tables";

const DEMO_PHOTO_SIZE = simulatedCameraPhoto().length;

/** Every other demo vehicle carries an active-safety terminal (JT/T 808-2013 phone numbers). */
export async function seedJsatl(ctx: SeedContext, rng: Rng): Promise<void> {
  const rows = ctx.vehicles
    .filter((_, i) => i % 2 === 0)
    .map((v, i) => ({
      vin: v.vin,
      tenant_id: v.tenantId,
      terminal_phone: `0${rng.pick(["139", "138", "150", "187"])}${String(10000000 + i * 7919 + rng.int(0, 7000)).slice(-8)}`,
      terminal_id: `${rng.pick(["YX", "HW", "RD"])}${String(80000 + i).padStart(5, "0")}`,
      online: rng.next() < 0.6,
      last_location_time: rng.next() < 0.9 ? ctx.now.getTime() - rng.int(1, 72 * 60) * 60_000 : null,
    }));
  if (rows.length > 0) await ctx.db.insertInto("jsatl_terminal").values(rows).execute();
  await seedMedia(ctx, rng, rows.slice(0, 8));
  // Its own generator: the shared one's sequence (every later module's data) stays as it was.
  await seedSafetyAlarms(ctx, createRng(9208), rows.slice(0, 6));
}

/** Events of the demo photos: timed (1), the two alarm events (2 抢劫, 3 碰撞侧翻) and door open (4). */
const DEMO_EVENTS = [1, 2, 3, 4, 1] as const;

/**
 * Photos the first active-safety terminals uploaded over the last days: timed ones, door ones
 * and alarm attachments (报警附件上传), near Shanghai. Their bytes are put in the object store at
 * start (`ensureDemoMedia`): the seed has no object store.
 */
async function seedMedia(
  ctx: SeedContext,
  rng: Rng,
  terminals: readonly { vin: string; tenant_id: number; terminal_phone: string }[],
): Promise<void> {
  const now = ctx.now.getTime();
  const rows = terminals.flatMap((t, i) =>
    DEMO_EVENTS.map((event, k) => {
      const phone = t.terminal_phone.replace(/^0+/, "");
      const mediaId = 100 + k;
      const shotAt = now - (i * 5 + k + 1) * 3_600_000 - rng.int(0, 3_000) * 1000;
      return {
        tenant_id: t.tenant_id,
        vin: t.vin,
        phone,
        media_id: mediaId,
        type: 0,
        format: 0,
        event,
        channel: 1 + ((i + k) % 4),
        shot_at: shotAt,
        latitude: 31.2 + rng.int(0, 2000) / 10_000,
        longitude: 121.4 + rng.int(0, 2000) / 10_000,
        speed_kmh: event === 4 ? 0 : rng.int(0, 800) / 10,
        // An alarm attachment's location carries the alarm's flag (bit 0 紧急报警 for a robbery; bit 29 碰撞侧翻).
        alarm: event === 2 ? 0x1 : event === 3 ? 0x2000_0000 : 0,
        received_at: shotAt + rng.int(1, 20) * 1000,
        object_key: mediaObjectKey(t.vin, phone, mediaId, 0),
        size: DEMO_PHOTO_SIZE,
        command_id: null,
      };
    }),
  );
  if (rows.length > 0) await ctx.db.insertInto("gateway_media").values(rows).execute();
}
