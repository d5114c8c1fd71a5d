import type { ColumnType } from "kysely";

/** Stored objects' facts (object-store), merged into the one Database interface. */
declare module "../../db/schema" {
  interface Database {
    object_meta: ObjectMetaTable;
  }
}

export interface ObjectMetaTable {
  object_key: string;
  content_type: string;
  size: ColumnType<number, number, number>;
  md5: string;
  acl: "private" | "public-read";
  created_at: ColumnType<Date, Date, Date>;
}
