import { type FilingStatus, isFilingEditable } from "./filing";

/**
 * Documents attached to the 非道路国四 filings (型式核准证书, 检测报告, 照片 …), uploaded through
 * getTempPutURL as private objects under the tenant's key prefix.
 */
export type FilingDocumentType = "typeApproval" | "testReport" | "photo" | "other";

export const FILING_DOCUMENT_TYPE_LABELS: Readonly<Record<FilingDocumentType, string>> = {
  typeApproval: "型式核准证书",
  testReport: "检测报告",
  photo: "照片",
  other: "其他",
};

export const isFilingDocumentType = (v: unknown): v is FilingDocumentType =>
  typeof v === "string" && Object.hasOwn(FILING_DOCUMENT_TYPE_LABELS, v);

/** The content types a document may have, and the extension each is named with. */
export const FILING_DOCUMENT_TYPES: Readonly<Record<string, string>> = {
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
};

/** Largest document: a scanned certificate or a test report of a few dozen pages. */
export const FILING_DOCUMENT_MAX_MB = 20;
export const FILING_DOCUMENT_MAX_BYTES = FILING_DOCUMENT_MAX_MB * 1024 * 1024;
/** Documents per filing. */
export const FILING_DOCUMENTS_MAX = 20;

export const MSG_DOCUMENT_TYPE = "附件只能是PDF、JPEG或PNG文件";
export const MSG_DOCUMENT_TOO_BIG = `附件不能超过${FILING_DOCUMENT_MAX_MB}M`;
export const MSG_DOCUMENT_KEY = "附件对象不属于当前租户";
export const MSG_DOCUMENT_NOT_UPLOADED = "附件未上传或已失效，请重新上传";
export const MSG_DOCUMENTS_TOO_MANY = `每个备案最多${FILING_DOCUMENTS_MAX}个附件`;
export const msgDocumentsLocked = (status: string) => `备案状态为“${status}”，附件不能增删`;

/** Content types getTempPutURL signs: documents, and the common image types. */
export const TEMP_PUT_CONTENT_TYPES: readonly string[] = [
  "application/pdf",
  "image/jpeg",
  "image/png",
  "image/gif",
  "image/webp",
];
export const MSG_TEMP_PUT_TYPE = `不支持的文件类型，只能上传${TEMP_PUT_CONTENT_TYPES.join("、")}`;
export const MSG_TEMP_PUT_KEY = "对象名必须以当前租户的前缀开头";

/**
 * The key prefix of a tenant's objects: every key getTempPutURL signs starts with it, so one
 * tenant can neither overwrite nor attach another's objects.
 */
export const tenantObjectPrefix = (tenantId: number) => `t${tenantId}-`;

export const isTenantObjectKey = (tenantId: number, key: string) => key.startsWith(tenantObjectPrefix(tenantId));

/** A document's object key: the tenant's prefix, a kind marker, the file's MD5 and its extension. */
export const filingDocumentKey = (tenantId: number, md5: string, contentType: string) =>
  `${tenantObjectPrefix(tenantId)}nr4doc-${md5}.${FILING_DOCUMENT_TYPES[contentType] ?? "bin"}`;

/** Documents may be added or removed only while the filing can be edited (草稿 / 已驳回). */
export const canChangeDocuments = (status: FilingStatus) => isFilingEditable(status);
