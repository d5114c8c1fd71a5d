import { importFilesProblem, MB, MSG_CHOOSE_IMPORT_FILE, MSG_FILE_FORMAT_INCORRECT } from "@tsp/domain";
import type { FastifyRequest } from "fastify";
import { ApiError, badRequest } from "../../../http/envelope";
import { formatOf } from "./sheet";

/** Largest import file (openapi ImportFile: the 10 MB cap bounds a synchronous import). */
export const IMPORT_MAX_MB = 10;

/**
 * The one uploaded file of an import (multipart field `file`), checked before anything is
 * read: one xls/xlsx file (business-areas.md §5 import dialog), at most 10 MB, and by its
 * first bytes a workbook — an Office Open XML ZIP (.xlsx) or an OLE2 compound file (.xls) —
 * whatever its name says. `readSheet` then reads it (or refuses an encrypted or broken one).
 */
export async function importUpload(request: FastifyRequest): Promise<{ name: string; buffer: Buffer }> {
  if (!request.isMultipart())
    throw badRequest(MSG_CHOOSE_IMPORT_FILE, [{ field: "file", msg: MSG_CHOOSE_IMPORT_FILE }]);
  let part: Awaited<ReturnType<FastifyRequest["file"]>>;
  try {
    part = await request.file({ limits: { fileSize: IMPORT_MAX_MB * MB, files: 1 } });
  } catch {
    throw badRequest(MSG_FILE_FORMAT_INCORRECT, [{ field: "file", msg: "无法读取上传的文件" }]);
  }
  if (part?.fieldname !== "file")
    throw badRequest(MSG_CHOOSE_IMPORT_FILE, [{ field: "file", msg: MSG_CHOOSE_IMPORT_FILE }]);
  const problem = importFilesProblem([part.filename]);
  if (problem) {
    part.file.resume();
    throw badRequest(problem, [{ field: "file", msg: problem }]);
  }
  let buffer: Buffer;
  try {
    buffer = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
      throw new ApiError(413, `上传文件不能超过${IMPORT_MAX_MB}M`);
    }
    throw error;
  }
  if (part.file.truncated || buffer.length > IMPORT_MAX_MB * MB)
    throw new ApiError(413, `上传文件不能超过${IMPORT_MAX_MB}M`);
  if (formatOf(buffer) === null)
    throw badRequest(MSG_FILE_FORMAT_INCORRECT, [{ field: "file", msg: "文件内容不是Excel工作簿" }]);
  return { name: part.filename, buffer };
}
