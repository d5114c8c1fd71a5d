import { createSignedUpload } from "../object-store/signing";
import type { Handler, ServiceModule } from "../types";

type SignRequest = { objectKey: string; contentType: string };

/** getCommonFileUploadSigned: a signed PUT for a common file; the object is public-read. */
const getCommonFileUploadSigned: Handler = async ({ body }, ctx) => {
  const b = body as SignRequest;
  return createSignedUpload(ctx, { objectKey: b.objectKey, contentType: b.contentType, acl: "public-read" });
};

/**
 * getRealNamedFileUploadSigned: a signed PUT for real-name material (ID card photos,
 * licences). Personal information (PIPL): the object is private, and `accessURL` is a signed
 * GET valid as long as the upload URL, so it never becomes public.
 */
const getRealNamedFileUploadSigned: Handler = async ({ body }, ctx) => {
  const b = body as SignRequest;
  return createSignedUpload(ctx, { objectKey: b.objectKey, contentType: b.contentType, acl: "private" });
};

/** comm-saas-cloud: signed upload URLs for common files and for real-name material. */
export const commSaasCloud: ServiceModule = {
  name: "comm-saas-cloud",
  migrations: {},
  handlers: { getCommonFileUploadSigned, getRealNamedFileUploadSigned },
};
