import { createSignedUpload, type ObjectAcl } from "../object-store/signing";
import type { Handler, ServiceModule } from "../types";

/**
 * getTempPutUrl: a signed PUT of `objectKey` with `contentType` for 15 minutes; `access` is
 * the ACL the object gets (default public-read, business-areas.md §7). The router has
 * validated the key (one safe path segment) and the content type.
 */
const getTempPutUrl: Handler = async ({ query }, ctx) =>
  createSignedUpload(ctx, {
    objectKey: String(query.objectKey),
    contentType: String(query.contentType),
    acl: (query.access as ObjectAcl | undefined) ?? "public-read",
  });

/** transfer: temporary signed upload URLs for the uploaders (the object store is the platform's). */
export const transfer: ServiceModule = {
  name: "transfer",
  migrations: {},
  handlers: { getTempPutUrl },
};
