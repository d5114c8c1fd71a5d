import type { Kysely } from "kysely";
import type { Database } from "./db/schema";

/** What every route handler may use; passed in, never imported as a global. */
export interface AppContext {
  db: Kysely<Database>;
  dbKind: "pglite" | "postgres";
  dataDir: string;
  /** The clock, injectable so tests can move time. */
  now: () => Date;
}
