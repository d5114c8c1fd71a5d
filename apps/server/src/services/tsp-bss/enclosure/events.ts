import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import { ok } from "../../../http/envelope";
import type { ExportSheet } from "../../../platform/exports/exporter";
import { EXPORT_SUBMITTED_MSG } from "../../../platform/exports/queue";
import { containsPattern, countOf, keysetBatches, numberedPage } from "../../../platform/listQuery";
import { defineHandler } from "../../defineHandler";
import { must } from "../actor";
import { alarmRange } from "../operate/alarms";
import { chinaDateTime } from "../tbox/sheet";
import { fenceOf } from "./fences";

/** listEnclosureEvents's filters after the router's validation, the range resolved. */
interface EventFilter {
  fenceId: number;
  vin?: string | undefined;
  kind?: "enter" | "exit" | "overspeed" | undefined;
  from: number;
  to: number;
}

const events = (db: Kysely<Database>, f: EventFilter) =>
  db
    .selectFrom("geofence_event")
    .where("fence_id", "=", f.fenceId)
    .where("at", ">=", f.from)
    .where("at", "<=", f.to)
    .$if(!!f.vin, (q) => q.where("vin", "ilike", containsPattern(f.vin ?? "")))
    .$if(!!f.kind, (q) => q.where("kind", "=", f.kind as EventFilter["kind"] & string));

const columns = ["id", "vin", "kind", "at", "longitude", "latitude", "speed_kmh", "alarmed"] as const;
type EventRow = {
  id: number;
  vin: string;
  kind: "enter" | "exit" | "overspeed";
  at: number;
  longitude: number;
  latitude: number;
  speed_kmh: number | null;
  alarmed: boolean;
};
const toEvent = (e: EventRow) => ({
  id: Number(e.id),
  vin: e.vin,
  kind: e.kind,
  at: Number(e.at),
  lng: e.longitude,
  lat: e.latitude,
  speed: e.speed_kmh,
  alarmed: e.alarmed,
});

export const listEnclosureEvents = defineHandler<"listEnclosureEvents">(async ({ query, principal }, ctx) => {
  const fence = await fenceOf(ctx.db, must(principal).tenantIds, query.fenceId);
  const f = { ...query, fenceId: fence.id, ...alarmRange(query, ctx.now().getTime()) };
  const page = await numberedPage(
    events(ctx.db, f),
    query,
    {
      order: [
        ["at", "desc"],
        ["id", "desc"],
      ],
    },
    (q) => q.select([...columns]),
  );
  return { list: page.list.map(toEvent), total: page.total };
});

const KIND_WORDS = { enter: "驶入", exit: "驶出", overspeed: "围栏内超速" } as const;

/** The export: every event of the filters, newest first. */
export const enclosureEventExporter: ExportSheet = {
  title: "围栏事件",
  columns: [
    { header: "围栏", key: "fence", width: 20 },
    { header: "VIN", key: "vin", width: 20 },
    { header: "事件", key: "kind", width: 12 },
    { header: "时间", key: "at", width: 20 },
    { header: "经度", key: "lng", width: 12 },
    { header: "纬度", key: "lat", width: 12 },
    { header: "速度(km/h)", key: "speed", width: 12 },
    { header: "报警", key: "alarmed", width: 8 },
  ],
  total: (job, ctx) => countOf(events(ctx.db, job.params as unknown as EventFilter)),
  async *rows(job, ctx) {
    const f = job.params as unknown as EventFilter & { fenceName: string };
    const walk = { column: "id" as const, desc: true, batch: 500, keyOf: (r: EventRow) => Number(r.id) };
    for await (const rows of keysetBatches(events(ctx.db, f), walk, (q) => q.select([...columns]))) {
      yield (rows as EventRow[]).map((r) => ({
        fence: f.fenceName,
        vin: r.vin,
        kind: KIND_WORDS[r.kind],
        at: chinaDateTime(Number(r.at)),
        lng: r.longitude,
        lat: r.latitude,
        speed: r.speed_kmh ?? "",
        alarmed: r.alarmed ? "是" : "否",
      }));
    }
  },
};

export const exportEnclosureEvents = defineHandler<"exportEnclosureEvents">(async ({ query, principal }, ctx) => {
  const p = must(principal);
  const fence = await fenceOf(ctx.db, p.tenantIds, query.fenceId);
  const range = alarmRange(query, ctx.now().getTime());
  const task = await ctx.exports.submit(p, "exportEnclosureEvents", { ...query, ...range, fenceName: fence.name });
  return ok(task, EXPORT_SUBMITTED_MSG);
});
