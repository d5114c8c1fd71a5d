import type { Kysely } from "kysely";
import type { Database } from "./db/schema";
import type { ExportQueue } from "./platform/exports/queue";
import type { ImportQueue } from "./platform/imports/queue";
import type { ObjectStore } from "./platform/objectStore";
import type { Principal } from "./platform/principal";
import type { Secrets } from "./platform/secrets";

/** What every route handler may use; passed in, never imported as a global. */
export interface AppContext {
  db: Kysely<Database>;
  dbKind: "pglite" | "postgres";
  dataDir: string;
  /** The clock, injectable so tests can move time. */
  now: () => Date;
  /** HMAC and RSA keys, generated on first start and kept in the database. */
  secrets: Secrets;
  /** Files under `DATA_DIR/objects` (uploads, export files). */
  objects: ObjectStore;
  /** Background export tasks (queued → running → done / failed). */
  exports: ExportQueue;
  /** Background import tasks: an uploaded file checked and saved by a worker (platform/imports/). */
  imports: ImportQueue;
  /** The principal of a bearer token, or null when the token is unknown, expired or revoked. */
  authenticate(token: string): Promise<Principal | null>;
}
