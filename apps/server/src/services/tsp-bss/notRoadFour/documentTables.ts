import type { Generated } from "kysely";

declare module "../../../db/schema" {
  interface Database {
    nr4_filing_document: FilingDocumentTable;
    nr4_activation: ActivationTable;
    nr4_activation_event: ActivationEventTable;
  }
}

/** A document attached to a filing: a private object of the tenant, by key. */
export interface FilingDocumentTable {
  id: Generated<number>;
  tenant_id: number;
  kind: string;
  filing_key: string;
  doc_type: string;
  object_key: string;
  file_name: string;
  content_type: string;
  size: number | string;
  created_at: number | string;
  create_name: string | null;
}

/** A supervision terminal's activation state (none: 待激活). */
export interface ActivationTable {
  tenant_id: number;
  terminal_id: string;
  state: string;
  reason: string | null;
  public_key: string | null;
  /** The version of `public_key` from the last 密钥同步 0x0B (null: the activation's key). */
  key_version: Generated<number | null>;
  requested_at: number | string | null;
  answered_at: number | string | null;
  update_name: string | null;
}

/** One step of a terminal's activation: asked, 0x09 received, 0x0A answered; 0x0B received and answered. */
export interface ActivationEventTable {
  id: Generated<number>;
  tenant_id: number;
  terminal_id: string;
  at: number | string;
  event: string;
  result: string | null;
  reason: string | null;
  frame: string | null;
  create_name: string | null;
}
