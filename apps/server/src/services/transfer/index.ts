import {
  FILING_DOCUMENT_MAX_BYTES,
  isTenantObjectKey,
  MSG_TEMP_PUT_KEY,
  MSG_TEMP_PUT_TYPE,
  TEMP_PUT_CONTENT_TYPES,
} from "@tsp/domain";
import { badRequest } from "../../http/envelope";
import { createSignedUpload, type ObjectAcl } from "../object-store/signing";
import { must } from "../tsp-bss/actor";
import type { Handler, ServiceModule } from "../types";

/**
 * getTempPutUrl: a signed PUT of `objectKey` with `contentType` for 15 minutes; `access` is
 * the ACL the object gets (default public-read, business-areas.md §7). The router has
 * validated the key's shape (one safe path segment) and the content type's; here the key must
 * carry the caller's tenant prefix (the store is flat: a prefix is what keeps one tenant from
 * overwriting another's objects), the type be a document or picture, and the URL carries a
 * signed size cap.
 */
const getTempPutUrl: Handler = async ({ query, principal }, ctx) => {
  const p = must(principal);
  const objectKey = String(query.objectKey);
  const contentType = String(query.contentType);
  if (!isTenantObjectKey(p.tenantId, objectKey))
    throw badRequest(MSG_TEMP_PUT_KEY, [{ field: "objectKey", msg: MSG_TEMP_PUT_KEY }]);
  if (!TEMP_PUT_CONTENT_TYPES.includes(contentType))
    throw badRequest(MSG_TEMP_PUT_TYPE, [{ field: "contentType", msg: MSG_TEMP_PUT_TYPE }]);
  return createSignedUpload(ctx, {
    objectKey,
    contentType,
    acl: (query.access as ObjectAcl | undefined) ?? "public-read",
    maxBytes: FILING_DOCUMENT_MAX_BYTES,
  });
};

/** transfer: temporary signed upload URLs for the uploaders (the object store is the platform's). */
export const transfer: ServiceModule = {
  name: "transfer",
  migrations: {},
  handlers: { getTempPutUrl },
};
