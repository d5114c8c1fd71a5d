import { createHash } from "node:crypto";
import { writeFile } from "node:fs/promises";
import {
  JT808_MEDIA_FORMATS,
  type Jt808MediaEvent,
  type Jt808MediaUpload,
  jt808Coordinates,
  jt808MediaContentType,
} from "@tsp/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { ObjectStore } from "../../platform/objectStore";
import "../../services/object-store/tables";
import "./tables";

/** The object key of an item (one path segment, as the store's keys are): VIN, the terminal's phone and id. */
export function mediaObjectKey(vin: string, phone: string, mediaId: number, format: number): string {
  const ext = (JT808_MEDIA_FORMATS[format] ?? "bin").toLowerCase().replace("jpeg", "jpg");
  return `media-${vin}-${phone}-${mediaId}.${ext}`;
}

async function tenantOf(db: Kysely<Database>, vin: string): Promise<number | undefined> {
  const row = await db.selectFrom("vehicle").select("tenant_id").where("vin", "=", vin).executeTakeFirst();
  return row?.tenant_id;
}

/**
 * A 0x0800 announcement: the item's row without data (kept as it is when the data came first).
 * False when the VIN is in no register (nothing stored).
 */
export async function saveMediaEvent(
  db: Kysely<Database>,
  m: { readonly vin: string; readonly phone: string; readonly event: Jt808MediaEvent; readonly receivedAt: number },
): Promise<boolean> {
  const tenant = await tenantOf(db, m.vin);
  if (tenant === undefined) return false;
  const e = m.event;
  await db
    .insertInto("gateway_media")
    .values({
      tenant_id: tenant,
      vin: m.vin,
      phone: m.phone,
      media_id: e.mediaId,
      type: e.type,
      format: e.format,
      event: e.event,
      channel: e.channel,
      received_at: m.receivedAt,
      object_key: null,
    })
    .onConflict((oc) => oc.columns(["phone", "media_id"]).doNothing())
    .execute();
  return true;
}

/**
 * A whole 0x0801: the data as a private object (written before the row, so a row with a key
 * always has its object), `object_meta` for the store's signed reads, then the row — a re-sent
 * item replaces the earlier one. False when the VIN is in no register.
 */
export async function saveMediaUpload(
  db: Kysely<Database>,
  objects: ObjectStore,
  m: {
    readonly vin: string;
    readonly phone: string;
    readonly upload: Jt808MediaUpload;
    readonly receivedAt: number;
    readonly commandId?: number;
  },
): Promise<boolean> {
  const tenant = await tenantOf(db, m.vin);
  if (tenant === undefined) return false;
  const u = m.upload;
  const key = mediaObjectKey(m.vin, m.phone, u.mediaId, u.format);
  await objects.writeAtomic(key, (temp) => writeFile(temp, u.data));
  const meta = {
    content_type: jt808MediaContentType(u.format),
    size: u.data.length,
    md5: createHash("md5").update(u.data).digest("hex"),
    acl: "private" as const,
    created_at: new Date(m.receivedAt),
  };
  await db
    .insertInto("object_meta")
    .values({ object_key: key, ...meta })
    .onConflict((oc) => oc.column("object_key").doUpdateSet(meta))
    .execute();
  // A report without a fix (status bit 1) has no position.
  const fixed = (u.location.status & 0x02) !== 0;
  const at = fixed ? jt808Coordinates(u.location) : undefined;
  const row = {
    type: u.type,
    format: u.format,
    event: u.event,
    channel: u.channel,
    shot_at: u.location.time,
    latitude: at?.latitude ?? null,
    longitude: at?.longitude ?? null,
    speed_kmh: u.location.speed / 10,
    alarm: u.location.alarm,
    received_at: m.receivedAt,
    object_key: key,
    size: u.data.length,
    ...(m.commandId === undefined ? {} : { command_id: m.commandId }),
  };
  await db
    .insertInto("gateway_media")
    .values({ tenant_id: tenant, vin: m.vin, phone: m.phone, media_id: u.mediaId, ...row })
    .onConflict((oc) => oc.columns(["phone", "media_id"]).doUpdateSet(row))
    .execute();
  return true;
}
