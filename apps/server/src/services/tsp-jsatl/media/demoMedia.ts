import { createHash } from "node:crypto";
import { writeFile } from "node:fs/promises";
import type { AppContext } from "../../../context";
import "../../../gateway/multimedia/tables";
import { simulatedCameraPhoto } from "../../../simulator/cameraPhoto";
import { simulatedAlarmClip } from "../../../simulator/jt808ActiveSafety";
import "../../../gateway/attachments/tables";
import "../../object-store/tables";

/**
 * The seeded photos' bytes (the simulated camera's JPEG) put in the object store at start, with
 * their private `object_meta`, for every seeded row whose object is missing (the seed has no
 * object store). Uploads from terminals always have theirs.
 */
export async function ensureDemoMedia(ctx: Pick<AppContext, "db" | "objects" | "now">): Promise<void> {
  const rows = await ctx.db
    .selectFrom("gateway_media")
    .select("object_key")
    .where("object_key", "is not", null)
    .where("command_id", "is", null)
    .where("received_at", "<", ctx.now().getTime())
    .limit(200)
    .execute();
  const photo = simulatedCameraPhoto();
  const meta = {
    content_type: "image/jpeg",
    size: photo.length,
    md5: createHash("md5").update(photo).digest("hex"),
    acl: "private" as const,
    created_at: ctx.now(),
  };
  for (const { object_key: key } of rows) {
    if (key === null || (await ctx.objects.size(key)) !== null) continue;
    await ctx.objects.writeAtomic(key, (temp) => writeFile(temp, photo));
    await ctx.db
      .insertInto("object_meta")
      .values({ object_key: key, ...meta })
      .onConflict((oc) => oc.column("object_key").doUpdateSet(meta))
      .execute();
  }
  // The seeded 苏标 attachments (报警附件上传): the photo, and the clip for the .mp4 ones.
  const files = await ctx.db
    .selectFrom("gateway_safety_file")
    .select("object_key")
    .where("object_key", "is not", null)
    .where("completed_at", "<", ctx.now().getTime())
    .limit(200)
    .execute();
  const clip = simulatedAlarmClip();
  for (const { object_key: key } of files) {
    if (key === null || (await ctx.objects.size(key)) !== null) continue;
    const bytes = key.endsWith(".mp4") ? clip : photo;
    const fileMeta = {
      ...meta,
      content_type: key.endsWith(".mp4") ? "video/mp4" : "image/jpeg",
      size: bytes.length,
      md5: createHash("md5").update(bytes).digest("hex"),
    };
    await ctx.objects.writeAtomic(key, (temp) => writeFile(temp, bytes));
    await ctx.db
      .insertInto("object_meta")
      .values({ object_key: key, ...fileMeta })
      .onConflict((oc) => oc.column("object_key").doUpdateSet(fileMeta))
      .execute();
  }
}
