import { describe, expect, it } from "vitest";
import {
  canChangeDocuments,
  filingDocumentKey,
  isFilingDocumentType,
  isTenantObjectKey,
  msgDocumentsLocked,
  tenantObjectPrefix,
} from "./documents";

describe("filing documents", () => {
  it("keys a document under its tenant's prefix with the extension of its type", () => {
    expect(filingDocumentKey(3, "abc", "application/pdf")).toBe("t3-nr4doc-abc.pdf");
    expect(filingDocumentKey(3, "abc", "image/png")).toBe("t3-nr4doc-abc.png");
    expect(filingDocumentKey(3, "abc", "text/html")).toBe("t3-nr4doc-abc.bin");
    expect(tenantObjectPrefix(12)).toBe("t12-");
    expect(isTenantObjectKey(1, "t1-x.pdf")).toBe(true);
    // t12- is not tenant 1's: the hyphen ends the number.
    expect(isTenantObjectKey(1, "t12-x.pdf")).toBe(false);
  });
  it("changes documents only while the filing is editable", () => {
    expect(canChangeDocuments("draft")).toBe(true);
    expect(canChangeDocuments("rejected")).toBe(true);
    expect(canChangeDocuments("pending")).toBe(false);
    expect(canChangeDocuments("approved")).toBe(false);
    expect(msgDocumentsLocked("已通过")).toBe("备案状态为“已通过”，附件不能增删");
  });
  it("knows the document types", () => {
    expect(isFilingDocumentType("testReport")).toBe(true);
    expect(isFilingDocumentType("constructor")).toBe(false);
  });
});
