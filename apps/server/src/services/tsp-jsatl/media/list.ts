import { type Kysely, sql } from "kysely";
import type { AppContext } from "../../../context";
import type { Database } from "../../../db/schema";
import "../../../gateway/multimedia/tables";
import { badRequest } from "../../../http/envelope";
import { numberedPage, where } from "../../../platform/listQuery";
import type { Principal } from "../../../platform/principal";
import { defineHandler } from "../../defineHandler";
import { signedObjectUrl } from "../../object-store/signing";

/** Life of a photo's signed GET URL: long enough to look, short enough not to be passed around. */
export const MEDIA_URL_TTL_SECONDS = 5 * 60;

/** 0x0800/0x0801 events that are alarms: 2 抢劫报警, 3 碰撞侧翻报警. */
const ALARM_EVENTS = [2, 3];

export interface MediaFilter {
  readonly vin?: string | undefined;
  readonly startTime?: number | undefined;
  readonly endTime?: number | undefined;
  readonly channel?: number | undefined;
  readonly commandId?: number | undefined;
  readonly alarmOnly?: boolean | undefined;
}

/** The media of the caller's tenants matching the filter (the list and the .zip export share it). */
export function mediaQuery(db: Kysely<Database>, principal: Pick<Principal, "tenantIds">, f: MediaFilter) {
  if (f.startTime !== undefined && f.endTime !== undefined && f.endTime < f.startTime) {
    throw badRequest("结束时间不能早于开始时间", [{ field: "endTime", msg: "结束时间不能早于开始时间" }]);
  }
  return where(db.selectFrom("gateway_media as m").leftJoin("vehicle as v", "v.vin", "m.vin"), {
    tenant: ["m.tenant_id", principal],
    filters: (q) => [
      q.contains("m.vin", f.vin),
      q.range("m.shot_at", f.startTime, f.endTime),
      q.exact("m.channel", f.channel),
      q.exact("m.command_id", f.commandId),
      f.alarmOnly === true ? sql`(m.event in (${sql.join(ALARM_EVENTS)}) or coalesce(m.alarm, 0) <> 0)` : undefined,
    ],
  });
}

const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** listMedia: newest arrival first, each uploaded item with a 5-minute signed link. */
export const listMedia = defineHandler<"listMedia">(async ({ query, principal }, ctx: AppContext) => {
  const q = mediaQuery(ctx.db, principal, query);
  const expires = Math.floor(ctx.now().getTime() / 1000) + MEDIA_URL_TTL_SECONDS;
  const columns = (s: typeof q) =>
    s.select([
      "m.id",
      "m.vin",
      "v.plate",
      "m.channel",
      "m.type",
      "m.format",
      "m.event",
      "m.alarm",
      "m.shot_at",
      "m.received_at",
      "m.latitude",
      "m.longitude",
      "m.speed_kmh",
      "m.size",
      "m.command_id",
      "m.object_key",
    ]);
  return numberedPage(
    q,
    query,
    {
      order: [
        ["m.received_at", "desc"],
        ["m.id", "desc"],
      ],
    },
    columns,
    (r) => ({
      id: Number(r.id),
      vin: r.vin,
      plateNo: r.plate ?? null,
      channel: r.channel,
      type: r.type,
      format: r.format,
      event: r.event,
      alarmTriggered: ALARM_EVENTS.includes(r.event) || (n(r.alarm) ?? 0) !== 0,
      shotAt: n(r.shot_at),
      receivedAt: Number(r.received_at),
      latitude: n(r.latitude),
      longitude: n(r.longitude),
      speedKmh: n(r.speed_kmh),
      size: n(r.size),
      commandId: n(r.command_id),
      url: r.object_key === null ? null : signedObjectUrl(ctx.secrets, "GET", r.object_key, "", expires),
      urlExpiresAt: r.object_key === null ? null : expires * 1000,
    }),
  );
});
