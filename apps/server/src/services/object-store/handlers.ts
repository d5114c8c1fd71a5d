import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { ApiError, forbidden, invalidField, notFound } from "../../http/envelope";
import { keyProblem } from "../../platform/objectStore";
import type { Handler } from "../types";
import { maxSizeOf, type ObjectAcl, signedAclOf, storedAcl, verifyObjectSignature } from "./signing";

/** Largest object (openapi putObject: 200 MB, for videos). */
export const MAX_OBJECT_BYTES = 200 * 1024 * 1024;

const MSG_SIGNATURE = "签名无效或已过期";

/** Megabytes for the spec's message 上传文件不能超过{n}M (one decimal at most). */
const formatMb = (bytes: number) => String(Math.round((bytes / 1024 / 1024) * 10) / 10);

/** Types a browser may show inline; everything else is served as an attachment. */
const INLINE_TYPES = /^(image\/(png|jpeg|gif|webp)|video\/[a-z0-9.+-]+|application\/pdf)$/i;

const keyOf = (params: Record<string, string>) => {
  const key = String(params.objectKey);
  const problem = keyProblem(key);
  if (problem) throw invalidField("objectKey", problem);
  return key;
};

/** PUT /obs/{objectKey}: stores the body when the URL's signature covers this key and content type. */
export const putObject: Handler = async ({ params, query, request }, ctx) => {
  const key = keyOf(params);
  const contentType = String(request.headers["content-type"] ?? "");
  if (!verifyObjectSignature(ctx.secrets, query, "PUT", key, contentType, ctx.now().getTime()))
    throw forbidden(MSG_SIGNATURE);
  const body = request.body as Readable | undefined;
  if (!body || typeof (body as Readable).pipe !== "function") {
    throw new ApiError(400, "请求体不正确", [{ field: "body", msg: "body：应为文件内容" }]);
  }
  // verifyObjectSignature refused a malformed Acl, so the signed access is known here.
  const acl = storedAcl(signedAclOf(query) ?? "private", request.headers["x-obs-acl"] as ObjectAcl | undefined);
  const limit = Math.min(MAX_OBJECT_BYTES, maxSizeOf(query) ?? MAX_OBJECT_BYTES);
  const tooLarge = () => new ApiError(413, `上传文件不能超过${formatMb(limit)}M`);
  // Refuse early when the client announces the size; count anyway (the header may lie).
  if (Number(request.headers["content-length"] ?? 0) > limit) throw tooLarge();
  const md5 = createHash("md5");
  let size = 0;
  await ctx.objects.writeAtomic(key, async (temp) => {
    await pipeline(
      body,
      async function* count(source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          size += chunk.length;
          if (size > limit) throw tooLarge();
          md5.update(chunk);
          yield chunk;
        }
      },
      createWriteStream(temp),
    );
  });
  const digest = md5.digest("hex");
  const row = { content_type: contentType, size, md5: digest, acl, created_at: ctx.now() };
  await ctx.db
    .insertInto("object_meta")
    .values({ object_key: key, ...row })
    .onConflict((oc) => oc.column("object_key").doUpdateSet(row))
    .execute();
  request.server.log.debug({ key, size }, "object stored");
  return { objectKey: key, size, md5: digest, contentType, acl };
};

/** GET /obs/{objectKey}: public-read objects freely, private ones with a GET signature; safe headers always. */
export const getObject: Handler = async ({ params, query, reply }, ctx) => {
  const key = keyOf(params);
  const meta = await ctx.db.selectFrom("object_meta").selectAll().where("object_key", "=", key).executeTakeFirst();
  const size = meta ? await ctx.objects.size(key) : null;
  if (!meta || size === null) throw notFound("文件不存在");
  if (meta.acl === "private" && !verifyObjectSignature(ctx.secrets, query, "GET", key, "", ctx.now().getTime())) {
    throw forbidden(MSG_SIGNATURE);
  }
  const inline = INLINE_TYPES.test(meta.content_type);
  return reply
    .header("content-type", meta.content_type)
    .header("content-length", String(size))
    .header("etag", `"${meta.md5}"`)
    .header("x-content-type-options", "nosniff")
    .header("content-security-policy", "default-src 'none'; sandbox")
    .header("content-disposition", inline ? "inline" : `attachment; filename*=UTF-8''${encodeURIComponent(key)}`)
    .header("cache-control", meta.acl === "private" ? "private, no-store" : "public, max-age=300")
    .send(ctx.objects.read(key));
};
