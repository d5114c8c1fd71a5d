import type { Exporter } from "../../platform/exports/exporter";
import { frameBatches, type JournalQuery, vinVisible } from "./journalQuery";
import type { JournalKind } from "./tables";

const CHINA_OFFSET_MS = 8 * 3600 * 1000;

/** yyyyMMdd of a time in China (UTC+8). */
export const chinaDate = (ms: number) => new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 10).replace(/-/g, "");

/** yyyy-MM-dd HH:mm:ss of a time in China (UTC+8), as the console formats login times. */
export const chinaDateTime = (ms: number) =>
  new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace("T", " ");

/** Rows per keyset batch: bounded memory whatever the journal's size. */
const BATCH = 1000;

/** The .xlsx export of one journal: columns VIN, 登入/登出时间 (a date cell), 原始报文 (openapi exportLoginLog). */
function journalExporter(kind: JournalKind): Exporter {
  return {
    title: kind === "login" ? "车辆登入日志" : "车辆登出日志",
    columns: [
      { header: "VIN", key: "vin", width: 22 },
      { header: kind === "login" ? "登入时间" : "登出时间", key: "time", width: 22, type: "dateTime" },
      { header: "原始报文", key: "content", width: 120 },
    ],
    async *rows(job, ctx) {
      const q = job.params as unknown as JournalQuery;
      if (!(await vinVisible(ctx, q.vin, job.tenantIds))) return;
      for await (const rows of frameBatches(ctx, kind, q, BATCH)) {
        // The time as epoch ms: the writer makes it a date cell in China time (column type).
        yield rows.map((r) => ({ vin: r.vin, time: r.time, content: r.content }));
      }
    },
  };
}

export const journalExporters = {
  exportLoginLog: journalExporter("login"),
  exportLogoutLog: journalExporter("logout"),
};
