import type { ServiceModule } from "../types";
import { getObject, putObject } from "./handlers";
import * as m0001 from "./migrations/0001_objects";
import "./tables";

/**
 * object-store: the files behind signed URLs (openapi object-store.yaml). The bodies of
 * PUT /obs/… are raw bytes of any content type, so a catch-all content-type parser hands
 * them to the handler as a stream; other routes never receive such bodies.
 */
export const objectStore: ServiceModule = {
  name: "object-store",
  migrations: { "object-store:0001_objects": m0001 },
  handlers: { putObject, getObject },
  register: (app) => {
    app.addContentTypeParser("*", (request, payload, done) => {
      if (request.url.startsWith("/obs/")) return done(null, payload);
      const error = new Error("unsupported media type") as Error & { statusCode: number; code: string };
      error.statusCode = 415;
      error.code = "FST_ERR_CTP_INVALID_MEDIA_TYPE";
      return done(error, undefined);
    });
  },
};
