import { type Kysely, sql } from "kysely";
import type { AppContext } from "../../../context";
import type { Database } from "../../../db/schema";
import "../../../gateway/attachments/tables";
import { badRequest } from "../../../http/envelope";
import { numberedPage, where } from "../../../platform/listQuery";
import type { Principal } from "../../../platform/principal";
import { defineHandler } from "../../defineHandler";
import { signedObjectUrl } from "../../object-store/signing";
import { MEDIA_URL_TTL_SECONDS } from "../media/list";

type Source = "adas" | "dsm" | "tpms" | "bsd";
const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** How many of an alarm's files are complete (their object written). */
const completeFiles = sql<number>`(select count(*) from gateway_safety_file f where f.alarm_id = a.id and f.object_key is not null)`;

export interface SafetyAlarmFilter {
  readonly vin?: string | undefined;
  readonly startTime?: number | undefined;
  readonly endTime?: number | undefined;
  readonly source?: Source | undefined;
  readonly complete?: boolean | undefined;
}

/** The alarms of the caller's tenants matching the filter (the list and the export share it). */
export function safetyAlarmQuery(
  db: Kysely<Database>,
  principal: Pick<Principal, "tenantIds">,
  query: SafetyAlarmFilter,
) {
  if (query.startTime !== undefined && query.endTime !== undefined && query.endTime < query.startTime) {
    throw badRequest("结束时间不能早于开始时间", [{ field: "endTime", msg: "结束时间不能早于开始时间" }]);
  }
  return where(db.selectFrom("gateway_safety_alarm as a").leftJoin("vehicle as v", "v.vin", "a.vin"), {
    tenant: ["a.tenant_id", principal],
    filters: (f) => [
      f.contains("a.vin", query.vin),
      f.range("a.alarm_at", query.startTime, query.endTime),
      f.exact("a.source", query.source),
      query.complete === undefined
        ? undefined
        : query.complete
          ? sql<boolean>`${completeFiles} >= a.file_count`
          : sql<boolean>`${completeFiles} < a.file_count`,
    ],
  });
}

/**
 * listSafetyAlarms (报警附件上传): the 苏标 alarms of the caller's tenants with attachments,
 * newest alarm first, each with its files (one more query for the page's alarms) and a 5-minute
 * signed link per complete file.
 */
export const listSafetyAlarms = defineHandler<"listSafetyAlarms">(async ({ query, principal }, ctx: AppContext) => {
  const q = safetyAlarmQuery(ctx.db, principal, query);
  const page = await numberedPage(
    q,
    query,
    {
      order: [
        ["a.alarm_at", "desc"],
        ["a.id", "desc"],
      ],
    },
    (s) =>
      s.select([
        "a.id",
        "a.vin",
        "v.plate",
        "a.source",
        "a.alarm_type",
        "a.level",
        "a.alarm_at",
        "a.latitude",
        "a.longitude",
        "a.speed_kmh",
        "a.terminal_id",
        "a.alarm_number",
        "a.file_count",
        "a.received_at",
      ]),
  );
  const ids = page.list.map((r) => Number(r.id));
  const files =
    ids.length === 0
      ? []
      : await ctx.db
          .selectFrom("gateway_safety_file")
          .select(["alarm_id", "name", "file_type", "size", "object_key", "resends", "completed_at"])
          .where("alarm_id", "in", ids)
          .orderBy("alarm_id")
          .orderBy("name")
          .execute();
  const expires = Math.floor(ctx.now().getTime() / 1000) + MEDIA_URL_TTL_SECONDS;
  return {
    total: page.total,
    list: page.list.map((r) => {
      const own = files
        .filter((f) => Number(f.alarm_id) === Number(r.id))
        .map((f) => ({
          name: f.name,
          fileType: f.file_type,
          size: Number(f.size),
          state: f.object_key === null ? ("incomplete" as const) : ("complete" as const),
          resends: Number(f.resends),
          completedAt: n(f.completed_at),
          url: f.object_key === null ? null : signedObjectUrl(ctx.secrets, "GET", f.object_key, "", expires),
          urlExpiresAt: f.object_key === null ? null : expires * 1000,
        }));
      return {
        id: Number(r.id),
        vin: r.vin,
        plateNo: r.plate ?? null,
        source: r.source as Source,
        alarmType: r.alarm_type,
        level: r.level,
        alarmAt: Number(r.alarm_at),
        latitude: n(r.latitude),
        longitude: n(r.longitude),
        speedKmh: n(r.speed_kmh),
        terminalId: r.terminal_id,
        alarmNumber: r.alarm_number,
        filesExpected: r.file_count,
        filesReceived: own.filter((f) => f.state === "complete").length,
        receivedAt: Number(r.received_at),
        files: own,
      };
    }),
  };
});
