import type { ContentState, ContentType } from "@tsp/domain";
import type { ColumnType, Generated } from "kysely";

/** 车载内容 (migration tsp-bss:0055_content). */
export interface ContentTable {
  id: Generated<number>;
  tenant_id: number;
  title: string;
  content_type: ContentType;
  /** jsonb array of bss_model ids. */
  model_ids: ColumnType<unknown, string, string>;
  /** Epoch ms; bigint: a string on `pg`. */
  publish_from: ColumnType<number | string, number, number>;
  publish_to: ColumnType<number | string | null, number | null, number | null>;
  /** Sanitised HTML. */
  body: string;
  state: ColumnType<ContentState, ContentState | undefined, ContentState>;
  updated_at: ColumnType<number | string, number | undefined, number>;
  update_by: ColumnType<string | null, string | null | undefined, string | null>;
  update_name: ColumnType<string | null, string | null | undefined, string | null>;
}

declare module "../../../db/schema" {
  interface Database {
    bss_content: ContentTable;
  }
}
