import {
  canChangeDocuments,
  FILING_DOCUMENT_MAX_BYTES,
  FILING_DOCUMENT_TYPES,
  FILING_DOCUMENTS_MAX,
  FILING_STATUS_LABELS,
  type FilingStatus,
  isFilingStatus,
  isTenantObjectKey,
  MSG_DOCUMENT_KEY,
  MSG_DOCUMENT_NOT_UPLOADED,
  MSG_DOCUMENT_TOO_BIG,
  MSG_DOCUMENT_TYPE,
  MSG_DOCUMENTS_TOO_MANY,
  msgDocumentsLocked,
} from "@tsp/domain";
import { sql } from "kysely";
import type { AppContext } from "../../../context";
import { badRequest, conflict, notFound, ok } from "../../../http/envelope";
import { inTenants, type Principal } from "../../../platform/principal";
import { defineHandler } from "../../defineHandler";
import { signedObjectUrl } from "../../object-store/signing";
import { actorOf, must } from "../actor";
import "../../object-store/tables";
import "./documentTables";

type DocKind = "chipModel" | "terminalModel" | "machineRecord";

/** Each filing that takes documents: its table and key column. */
const FILING_TABLES: Readonly<Record<DocKind, { table: string; key: string; noun: string }>> = {
  chipModel: { table: "nr4_chip_filing", key: "chip_model", noun: "芯片型号备案" },
  terminalModel: { table: "nr4_terminal_model_filing", key: "terminal_model", noun: "终端型号备案" },
  machineRecord: { table: "nr4_machine_filing", key: "pin", noun: "机械备案" },
};

/** Life of a document's signed GET: long enough to open it, short enough not to be passed on. */
const URL_TTL_SECONDS = 5 * 60;

/** The filing (tenant and state) of the caller's tenants, its own tenant's first; 404 when none. */
async function filingOf(ctx: AppContext, p: Principal, kind: DocKind, key: string) {
  const { table, key: column, noun } = FILING_TABLES[kind];
  const row = await sql<{ tenant_id: number; status: string }>`
    select tenant_id, status from ${sql.table(table)}
    where ${sql.ref(column)} = ${key} and ${inTenants("tenant_id", p)}
    order by tenant_id = ${p.tenantId} desc limit 1`.execute(ctx.db);
  const found = row.rows[0];
  if (!found) throw notFound(`${noun}${key}不存在`);
  const status: FilingStatus = isFilingStatus(found.status) ? found.status : "draft";
  return { tenantId: found.tenant_id, status };
}

/** The filing's documents with signed GETs of their private objects. */
async function documentsOf(ctx: AppContext, tenantId: number, kind: DocKind, key: string, status: FilingStatus) {
  const rows = await ctx.db
    .selectFrom("nr4_filing_document")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("kind", "=", kind)
    .where("filing_key", "=", key)
    .orderBy("id")
    .execute();
  const expires = Math.floor(ctx.now().getTime() / 1000) + URL_TTL_SECONDS;
  return {
    list: rows.map((r) => ({
      id: r.id,
      docType: r.doc_type as "typeApproval" | "testReport" | "photo" | "other",
      fileName: r.file_name,
      contentType: r.content_type,
      size: Number(r.size),
      url: signedObjectUrl(ctx.secrets, "GET", r.object_key, "", expires),
      createdAt: Number(r.created_at),
      createName: r.create_name,
    })),
    editable: canChangeDocuments(status),
    urlExpiresAt: expires * 1000,
  };
}

const field = (name: string, msg: string) => badRequest(msg, [{ field: name, msg }]);

const refuseLocked = (status: FilingStatus) => {
  if (!canChangeDocuments(status)) throw conflict(msgDocumentsLocked(FILING_STATUS_LABELS[status]));
};

export const listFilingDocuments = defineHandler<"listFilingDocuments">(async ({ query, principal }, ctx) => {
  const p = must(principal);
  const filing = await filingOf(ctx, p, query.kind, query.key);
  return documentsOf(ctx, filing.tenantId, query.kind, query.key, filing.status);
});

/**
 * Attaches a stored object to a filing: the object must be the caller's tenant's (key prefix),
 * private, a PDF/JPEG/PNG of at most 20 MB — what the uploader checked, checked again here.
 */
export const addFilingDocument = defineHandler<"addFilingDocument">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const filing = await filingOf(ctx, p, body.kind, body.key);
  refuseLocked(filing.status);
  if (!isTenantObjectKey(p.tenantId, body.objectKey)) throw field("objectKey", MSG_DOCUMENT_KEY);
  const meta = await ctx.db
    .selectFrom("object_meta")
    .select(["content_type", "size", "acl"])
    .where("object_key", "=", body.objectKey)
    .executeTakeFirst();
  if (meta?.acl !== "private") throw field("objectKey", MSG_DOCUMENT_NOT_UPLOADED);
  if (!Object.hasOwn(FILING_DOCUMENT_TYPES, meta.content_type)) throw field("objectKey", MSG_DOCUMENT_TYPE);
  if (Number(meta.size) > FILING_DOCUMENT_MAX_BYTES) throw field("objectKey", MSG_DOCUMENT_TOO_BIG);
  const count = await ctx.db
    .selectFrom("nr4_filing_document")
    .select((e) => e.fn.countAll<string>().as("n"))
    .where("tenant_id", "=", filing.tenantId)
    .where("kind", "=", body.kind)
    .where("filing_key", "=", body.key)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= FILING_DOCUMENTS_MAX) throw field("objectKey", MSG_DOCUMENTS_TOO_MANY);
  const actor = await actorOf(p, ctx);
  await ctx.db
    .insertInto("nr4_filing_document")
    .values({
      tenant_id: filing.tenantId,
      kind: body.kind,
      filing_key: body.key,
      doc_type: body.docType,
      object_key: body.objectKey,
      file_name: body.fileName.trim() || body.objectKey,
      content_type: meta.content_type,
      size: Number(meta.size),
      created_at: ctx.now().getTime(),
      create_name: actor.updateName,
    })
    .execute();
  return ok(await documentsOf(ctx, filing.tenantId, body.kind, body.key, filing.status), "附件已添加");
});

/** Removes a document while its filing may be edited (the object stays in the store). */
export const deleteFilingDocument = defineHandler<"deleteFilingDocument">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const doc = await ctx.db
    .selectFrom("nr4_filing_document")
    .select(["id", "kind", "filing_key"])
    .where("id", "=", body.id)
    .where(inTenants("tenant_id", p))
    .executeTakeFirst();
  if (!doc) throw notFound("附件不存在");
  const kind = doc.kind as DocKind;
  const filing = await filingOf(ctx, p, kind, doc.filing_key);
  refuseLocked(filing.status);
  await ctx.db.deleteFrom("nr4_filing_document").where("id", "=", doc.id).execute();
  return ok(await documentsOf(ctx, filing.tenantId, kind, doc.filing_key, filing.status), "附件已删除");
});
