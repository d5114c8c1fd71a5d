import { REALNAME_PHOTO_LABELS, type RealnamePhotoKind } from "@tsp/domain";
import type { AppContext } from "../../../context";
import { badRequest } from "../../../http/envelope";
import { signedObjectUrl } from "../../object-store/signing";
import type { StoredPhoto } from "./tables";

/** Life of a photo's signed GET URL: long enough to look, short enough not to be passed around. */
export const PHOTO_URL_TTL_SECONDS = 5 * 60;

/** Image types a photo may have (what the console's image uploader takes, spec §5). */
const IMAGE_TYPE = /^image\/(png|jpe?g|gif|webp)$/i;

/** The submit's refusal of a photo that is not a private image in the store. */
export const msgPhotoNotUploaded = (kind: RealnamePhotoKind) =>
  `${REALNAME_PHOTO_LABELS[kind]}未上传或已失效，请重新上传`;

/**
 * Each photo of a submission must be an object uploaded through getRealNamedFileUploadSigned:
 * present, private (never public-read: personal information) and an image. Refuses with the
 * first photo that is not (400 on `photos`).
 */
export async function checkPhotosStored(ctx: Pick<AppContext, "db">, photos: readonly StoredPhoto[]): Promise<void> {
  const keys = photos.map((p) => p.objectKey);
  const rows = await ctx.db
    .selectFrom("object_meta")
    .select(["object_key", "acl", "content_type"])
    .where("object_key", "in", keys)
    .execute();
  const byKey = new Map(rows.map((r) => [r.object_key, r]));
  for (const photo of photos) {
    const meta = byKey.get(photo.objectKey);
    if (meta?.acl !== "private" || !IMAGE_TYPE.test(meta.content_type)) {
      const msg = msgPhotoNotUploaded(photo.kind);
      throw badRequest(msg, [{ field: "photos", msg }]);
    }
  }
}

/** The photos as the reviewer opens them: signed GET URLs of the private objects, and when they expire. */
export function signedPhotos(ctx: Pick<AppContext, "secrets" | "now">, photos: readonly StoredPhoto[]) {
  const expires = Math.floor(ctx.now().getTime() / 1000) + PHOTO_URL_TTL_SECONDS;
  return {
    photos: photos.map((p) => ({ kind: p.kind, url: signedObjectUrl(ctx.secrets, "GET", p.objectKey, "", expires) })),
    photosExpireAt: expires * 1000,
  };
}
