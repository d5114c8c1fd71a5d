import { invalidField } from "../../http/envelope";
import type { Secrets } from "../../platform/secrets";
import type { JournalKind } from "./tables";

/**
 * What a cursor is bound to: the same journal, VIN, order and range it was issued for. Besides
 * the login/logout journals, the data-service readers of the gateway's frame journal
 * (`frames/`) page with it; their extra filters are part of `vin`.
 */
export interface CursorScope {
  kind: JournalKind | "frameCheck" | "location" | `tbox:${string}`;
  vin: string;
  desc: boolean;
  startTime: number;
  endTime: number;
}

const PURPOSE = "journal-cursor";

const payloadOf = (s: CursorScope, ts: number) =>
  [s.kind, s.vin, s.desc ? "d" : "a", s.startTime, s.endTime, ts].join("|");

/** An opaque, tamper-evident nextKey: base64url(payload) "." HMAC(payload). */
export function encodeCursor(secrets: Secrets, scope: CursorScope, lastTs: number): string {
  const payload = payloadOf(scope, lastTs);
  return `${Buffer.from(payload).toString("base64url")}.${secrets.sign(PURPOSE, payload)}`;
}

/**
 * The report time a cursor continues after, or null when the key is forged, altered, or
 * was issued for another journal, VIN, order or range.
 */
export function decodeCursor(secrets: Secrets, scope: CursorScope, key: string): number | null {
  const dot = key.indexOf(".");
  if (dot < 1) return null;
  const payload = Buffer.from(key.slice(0, dot), "base64url").toString("utf8");
  if (!secrets.verify(PURPOSE, payload, key.slice(dot + 1))) return null;
  const ts = Number(payload.split("|").at(-1));
  if (!Number.isSafeInteger(ts) || payload !== payloadOf(scope, ts)) return null;
  return ts;
}

/** The report time a request's `rowKey` continues after (null without one); a bad key is a 400. */
export function cursorAfter(secrets: Secrets, scope: CursorScope, rowKey: string | undefined): number | null {
  if (rowKey === undefined) return null;
  const after = decodeCursor(secrets, scope, rowKey);
  if (after === null) throw invalidField("rowKey", "游标无效或已被篡改，请重新查询");
  return after;
}
