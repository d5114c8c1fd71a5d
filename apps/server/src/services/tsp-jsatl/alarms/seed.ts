import { jt808AttachmentAlarmCode, jt808AttachmentFileName } from "@tsp/domain";
import { attachmentObjectKey } from "../../../gateway/attachments/attachmentServer";
import type { Rng } from "../../../seed/rng";
import { simulatedCameraPhoto } from "../../../simulator/cameraPhoto";
import { simulatedAlarmClip } from "../../../simulator/jt808ActiveSafety";
import type { SeedContext } from "../../types";
import "../../../gateway/attachments/tables";

/** ADAS 1 前向碰撞, 2 车道偏离, 3 车距过近; DSM 1 疲劳, 2 接打电话, 3 抽烟, 4 分神 — the usual ones. */
const KINDS = [
  ["adas", 1],
  ["dsm", 1],
  ["adas", 2],
  ["dsm", 2],
  ["adas", 3],
  ["dsm", 3],
  ["dsm", 4],
] as const;

/**
 * 苏标 alarms the first active-safety terminals reported over the last days (报警附件上传), two
 * files each (the camera's JPEG and a short clip) as the attachment server stores them: most
 * complete, the third one's clip still missing ranges (asked for again once), the fifth one's
 * files not yet listed (its terminal has not connected to the attachment server). The objects'
 * bytes are put in the store at start (`ensureDemoMedia`).
 */
export async function seedSafetyAlarms(
  ctx: SeedContext,
  rng: Rng,
  terminals: readonly { vin: string; tenant_id: number; terminal_phone: string; terminal_id: string }[],
): Promise<void> {
  const now = ctx.now.getTime();
  const photo = simulatedCameraPhoto().length;
  const clip = simulatedAlarmClip().length;
  let k = 0;
  for (const [i, t] of terminals.entries()) {
    for (let j = 0; j < 2; j++, k++) {
      const [source, type] = KINDS[k % KINDS.length] as (typeof KINDS)[number];
      const alarmAt = Math.floor((now - (i * 7 + j * 3 + 1) * 3_600_000 - rng.int(0, 3_000) * 1000) / 1000) * 1000;
      const number = Array.from({ length: 32 }, () => "0123456789ABCDEF"[rng.int(0, 15)]).join("");
      const { id } = await ctx.db
        .insertInto("gateway_safety_alarm")
        .values({
          tenant_id: t.tenant_id,
          vin: t.vin,
          phone: t.terminal_phone.replace(/^0+/, ""),
          source,
          alarm_type: type,
          level: 1 + rng.int(0, 1),
          terminal_alarm_id: 1000 + k,
          alarm_at: alarmAt,
          latitude: 31.2 + rng.int(0, 2000) / 10_000,
          longitude: 121.4 + rng.int(0, 2000) / 10_000,
          speed_kmh: rng.int(20, 90),
          terminal_id: t.terminal_id,
          mark_time: alarmAt,
          mark_serial: 0,
          file_count: 2,
          alarm_number: number,
          received_at: alarmAt + 2000,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (k === 4) continue;
      const channel = source === "adas" ? 64 : 65;
      const code = jt808AttachmentAlarmCode(source, type);
      const files = [
        { ext: "jpg", fileType: 0, size: photo },
        { ext: "mp4", fileType: 2, size: clip },
      ];
      for (const [m, f] of files.entries()) {
        const name = jt808AttachmentFileName({
          fileType: f.fileType,
          channel,
          alarmCode: code,
          serial: 0,
          alarmNumber: number,
          ext: f.ext,
        });
        const whole = !(k === 2 && m === 1);
        const file = await ctx.db
          .insertInto("gateway_safety_file")
          .values({
            alarm_id: Number(id),
            name,
            file_type: f.fileType,
            size: f.size,
            object_key: null,
            resends: whole ? 0 : 1,
            listed_at: alarmAt + 5000,
            completed_at: null,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        // The key names the row (as the attachment server writes it), so it is set after the insert.
        if (whole)
          await ctx.db
            .updateTable("gateway_safety_file")
            .set({
              object_key: attachmentObjectKey(t.vin, Number(file.id), name),
              completed_at: alarmAt + 9000 + m * 1000,
            })
            .where("id", "=", file.id)
            .execute();
      }
    }
  }
}
