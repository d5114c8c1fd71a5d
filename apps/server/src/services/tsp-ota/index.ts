import { createHash } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { BACKEND_UPLOAD_DEFAULT_MB, fileExtension, MB, msgUploadOver } from "@tsp/domain";
import { ApiError, badRequest } from "../../http/envelope";
import { OBJECT_PATH_PREFIX } from "../object-store/signing";
import "../object-store/tables";
import type { HandlerTable } from "../defineHandler";
import type { Handler, ServiceModule } from "../types";
import * as m0001 from "./0001_ota";
import {
  cancelOtaCampaign,
  createOtaCampaign,
  listOtaCampaigns,
  listOtaCampaignVehicles,
  startOtaCampaign,
} from "./campaigns";
import { createOtaPackage, deleteOtaPackage, listOtaPackages } from "./packages";
import { ensureDemoFirmware, seedVehicleVersions } from "./seed";
import { exportVehicleVersions, listVehicleVersionHistory, listVehicleVersions, versionExporter } from "./versions";

const MSG_NO_FILE = "请选择要上传的文件";
/** A truncated or malformed multipart body is the client's fault: 400, never a 500. */
const unreadable = () => badRequest("无法读取上传的文件", [{ field: "file", msg: "无法读取上传的文件" }]);

/**
 * uploadBoxEvFile: stores one OTA file (at most 2 MB, the backend-upload default of
 * business-areas.md §9) in the object store under its MD5 plus extension — the same file
 * uploaded twice has one address — and answers the address. The address is the plain
 * /obs/<key> path (openapi example), so the object is public-read: the T-BOX fetches the
 * package from it without a console session.
 */
const uploadBoxEvFile: Handler = async ({ request }, ctx) => {
  if (!request.isMultipart()) throw badRequest(MSG_NO_FILE, [{ field: "file", msg: MSG_NO_FILE }]);
  const limit = BACKEND_UPLOAD_DEFAULT_MB * MB;
  let part: Awaited<ReturnType<typeof request.file>>;
  try {
    part = await request.file({ limits: { fileSize: limit, files: 1 } });
  } catch {
    throw unreadable();
  }
  if (part?.fieldname !== "file") throw badRequest(MSG_NO_FILE, [{ field: "file", msg: MSG_NO_FILE }]);
  let buffer: Buffer;
  try {
    buffer = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE")
      throw new ApiError(413, msgUploadOver(BACKEND_UPLOAD_DEFAULT_MB));
    throw unreadable();
  }
  if (part.file.truncated || buffer.length > limit) throw new ApiError(413, msgUploadOver(BACKEND_UPLOAD_DEFAULT_MB));
  if (buffer.length === 0) throw badRequest("上传的文件为空", [{ field: "file", msg: "上传的文件为空" }]);
  const md5 = createHash("md5").update(buffer).digest("hex");
  const ext = fileExtension(part.filename).replace(/[^a-z0-9]/g, "") || "bin";
  const key = `${md5}.${ext}`;
  await ctx.objects.writeAtomic(key, (temp) => writeFile(temp, buffer));
  const row = {
    content_type: "application/octet-stream",
    size: buffer.length,
    md5,
    acl: "public-read" as const,
    created_at: ctx.now(),
  };
  await ctx.db
    .insertInto("object_meta")
    .values({ object_key: key, ...row })
    .onConflict((oc) => oc.column("object_key").doUpdateSet(row))
    .execute();
  return `${OBJECT_PATH_PREFIX}${key}`;
};

const handlers = {
  listOtaPackages,
  createOtaPackage,
  deleteOtaPackage,
  listOtaCampaigns,
  createOtaCampaign,
  startOtaCampaign,
  cancelOtaCampaign,
  listOtaCampaignVehicles,
  listVehicleVersions,
  listVehicleVersionHistory,
  exportVehicleVersions,
} satisfies HandlerTable;

/**
 * tsp-ota: the OTA screens' backend-file upload, upgrade packages and campaigns (the 0x82
 * upgrade command on the command model, progress derived on read) and the vehicle version
 * journal of 车辆版本信息 (learnt from parameter answers on read).
 */
export const tspOta: ServiceModule = {
  name: "tsp-ota",
  migrations: { "tsp-ota:0001_ota": m0001 },
  handlers: { uploadBoxEvFile, ...handlers },
  exporters: { exportVehicleVersions: versionExporter },
  seed: seedVehicleVersions,
  // The seed has no object store: the demo package's file is put there at start.
  register: (_app, ctx) => ensureDemoFirmware(ctx),
};
