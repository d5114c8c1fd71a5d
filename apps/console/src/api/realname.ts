import { uploadSigned } from "@tsp/sdk";
import type { UploadFn } from "@tsp/ui";
import { dataOf } from "./dataOf";
import { sdk } from "./sdk";
import type { RealnameDetail, RealnamePage, RealnameQuery, RealnameReviewBody, RealnameSubmitBody } from "./types";

// The /auth route group's calls (实名认证): the list of the spec and the designed submit-and-review flow.

/** One numbered page of the tenant's vehicles with their card's real-name state. */
export async function listRealname(query: RealnameQuery, signal?: AbortSignal): Promise<RealnamePage> {
  const params = { query };
  return dataOf(await sdk().GET("/tsp-bss/realname/vinList", signal ? { params, signal } : { params }));
}

/** A card's record: material, photos as short-lived signed links, reviewer, history. */
export async function getRealname(iccid: string): Promise<RealnameDetail> {
  return dataOf(await sdk().GET("/tsp-bss/realname/detail", { params: { query: { iccid } } }));
}

/** Puts a card's material under review (409 when it is under review or authenticated). */
export async function submitRealname(body: RealnameSubmitBody): Promise<RealnameDetail> {
  return dataOf(await sdk().POST("/tsp-bss/realname/submit", { body }));
}

/** 通过 or 驳回 (with the reason) of a card under review. */
export async function reviewRealname(body: RealnameReviewBody): Promise<RealnameDetail> {
  return dataOf(await sdk().POST("/tsp-bss/realname/review", { body }));
}

/**
 * The uploader's signed upload for identity photos: a private object (getRealNamedFileUploadSigned),
 * read back through the signed GET the signing call answers — never a public address.
 */
export const uploadRealnamePhoto: UploadFn = async (file, { objectKey, contentType, onProgress, signal }) => {
  const result = await uploadSigned({
    sdk: sdk(),
    sign: async () =>
      dataOf(
        await sdk().POST("/comm-saas-cloud/obs/getRealNamedFileUploadSigned", { body: { objectKey, contentType } }),
      ),
    file,
    contentType,
    signal,
    onProgress: (p) => onProgress(p.percent),
  });
  return { url: result.objectUrl, objectKey };
};
