import { readFile, writeFile } from "node:fs/promises";
import "../../../gateway/multimedia/tables";
import { chinaStamp } from "@tsp/domain";
import { badRequest, ok } from "../../../http/envelope";
import type { FileExporter } from "../../../platform/exports/exporter";
import { EXPORT_SUBMITTED_MSG } from "../../../platform/exports/queue";
import { defineHandler } from "../../defineHandler";
import { mediaQuery } from "./list";
import { writeStoredZip } from "./zip";

/** At most this many items per .zip (openapi MediaExportRequest). */
export const MEDIA_EXPORT_MAX = 500;
const NOTHING = "没有可打包下载的照片（所选照片尚未上传或不在您的租户内）";

interface MediaExportParams {
  readonly ids?: readonly number[];
  readonly vin?: string;
  readonly startTime?: number;
  readonly endTime?: number;
}

/** yyyyMMddHHmmss in China time, for file names. */

function itemsQuery(ctx: Parameters<FileExporter["write"]>[1], tenantIds: readonly number[], p: MediaExportParams) {
  const base = mediaQuery(ctx.db, { tenantIds }, { vin: p.vin, startTime: p.startTime, endTime: p.endTime })
    .where("m.object_key", "is not", null)
    .$if(p.ids !== undefined, (q) => q.where("m.id", "in", [...(p.ids ?? [])]));
  return base
    .select(["m.id", "m.vin", "m.channel", "m.shot_at", "m.received_at", "m.object_key", "m.format"])
    .orderBy("m.received_at", "desc")
    .orderBy("m.id", "desc")
    .limit(MEDIA_EXPORT_MAX);
}

/** The .zip of 机械原始照片库: each private object read in turn into the archive. */
export const mediaZipExporter: FileExporter = {
  title: "机械原始照片",
  extension: "zip",
  async write(job, ctx, path, progress) {
    const rows = await itemsQuery(ctx, job.tenantIds, job.params as MediaExportParams).execute();
    async function* entries() {
      for (const r of rows) {
        const key = r.object_key as string;
        const ext = key.slice(key.lastIndexOf(".") + 1);
        const at = Number(r.shot_at ?? r.received_at);
        yield {
          name: `${r.vin}_${chinaStamp(at)}_${r.channel}_${r.id}.${ext}`,
          data: await readFile(ctx.objects.pathOf(key)),
          modifiedAt: at,
        };
      }
    }
    if (rows.length === 0) {
      await writeFile(path, new Uint8Array(0));
      throw new Error(NOTHING);
    }
    return writeStoredZip(path, entries(), (count) => progress(count, rows.length));
  },
};

/**
 * exportMediaZip: the chosen ids (or the VIN and time range) must name at least one uploaded
 * item of the caller's tenants — checked before the task is queued, so a useless task never
 * lands in the export list.
 */
export const exportMediaZip = defineHandler<"exportMediaZip">(async ({ body, principal }, ctx) => {
  if (body.ids === undefined && body.vin === undefined) {
    throw badRequest("请选择要下载的照片，或输入VIN", [{ field: "ids", msg: "请选择要下载的照片，或输入VIN" }]);
  }
  const found = await itemsQuery(ctx, principal.tenantIds, body).execute();
  if (found.length === 0) throw badRequest(NOTHING, [{ field: body.ids ? "ids" : "vin", msg: NOTHING }]);
  const params: MediaExportParams = body.ids ? { ids: found.map((r) => Number(r.id)) } : body;
  const task = await ctx.exports.submit(principal, "exportMediaZip", { ...params });
  return ok(task, EXPORT_SUBMITTED_MSG);
});
