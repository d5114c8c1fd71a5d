import type { RealnameAction, RealnamePhotoKind } from "@tsp/domain";
import type { ColumnType, Generated } from "kysely";

/** One photo of the submitted material: its kind and the private object's key. */
export interface StoredPhoto {
  kind: RealnamePhotoKind;
  objectKey: string;
}

/**
 * What the real-name flow adds to tsp-bss's `bss_realname` (migration
 * tsp-bss:0004_realname_review) and its history table. Times are epoch ms (bigint: a string
 * on `pg`).
 */
declare module "../tables" {
  interface RealnameTable {
    cert_no: ColumnType<string | null, string | null | undefined, string | null>;
    contact_phone: ColumnType<string | null, string | null | undefined, string | null>;
    photos: ColumnType<StoredPhoto[], string | undefined, string>;
    submit_by: ColumnType<string | null, string | null | undefined, string | null>;
    submit_name: ColumnType<string | null, string | null | undefined, string | null>;
    submit_time: ColumnType<number | string | null, number | null | undefined, number | null>;
    review_by: ColumnType<string | null, string | null | undefined, string | null>;
    review_name: ColumnType<string | null, string | null | undefined, string | null>;
    review_time: ColumnType<number | string | null, number | null | undefined, number | null>;
    reject_reason: ColumnType<string | null, string | null | undefined, string | null>;
  }
}

declare module "../../../db/schema" {
  interface Database {
    bss_realname_event: RealnameEventTable;
  }
}

/** One submission or review of a card's real-name material. */
export interface RealnameEventTable {
  id: Generated<number>;
  iccid: string;
  tenant_id: number;
  action: RealnameAction;
  operator: string;
  operator_name: string;
  time: ColumnType<number | string, number, number>;
  reason: string | null;
}
