import type { FilingKind } from "@tsp/domain";
import { type TspBss, uploadSigned } from "@tsp/sdk";
import type { UploadFn } from "@tsp/ui";
import { dataOf } from "./dataOf";
import { sdk } from "./sdk";

// 非道路国四: the filings' documents (附件, uploaded through getTempPutURL) and 终端远程激活.

type Schemas = TspBss.components["schemas"];
export type FilingDocumentList = Schemas["FilingDocumentList"];
export type FilingDocumentType = Schemas["FilingDocumentType"];
export type TerminalActivation = Schemas["TerminalActivation"];
export type TerminalActivationEvent = Schemas["TerminalActivationEvent"];
export type ActivationState = Schemas["ActivationState"];
/** The filings that take documents (not 终端更换备案). */
export type DocumentFilingKind = Exclude<FilingKind, "terminalReplaceRecord">;

export async function listFilingDocuments(kind: DocumentFilingKind, key: string): Promise<FilingDocumentList> {
  return dataOf(await sdk().GET("/tsp-bss/notRoadFour/document/list", { params: { query: { kind, key } } }));
}

export async function addFilingDocument(body: Schemas["FilingDocumentAdd"]): Promise<FilingDocumentList> {
  return dataOf(await sdk().POST("/tsp-bss/notRoadFour/document/add", { body }));
}

export async function deleteFilingDocument(id: number): Promise<FilingDocumentList> {
  return dataOf(await sdk().POST("/tsp-bss/notRoadFour/document/delete", { body: { id } }));
}

/**
 * A document's signed upload: getTempPutURL (business-areas.md §7) for a private object under the
 * tenant's key prefix, then the PUT with its content type and ACL header.
 */
export const uploadFilingDocument: UploadFn = async (file, { objectKey, contentType, onProgress, signal }) => {
  const result = await uploadSigned({
    sdk: sdk(),
    sign: async () =>
      dataOf(
        await sdk().GET("/transfer/obs/getTempPutURL", {
          params: { query: { access: "private", objectKey, contentType } },
        }),
      ),
    file,
    contentType,
    acl: "private",
    signal,
    onProgress: (p) => onProgress(p.percent),
  });
  return { url: result.objectUrl, objectKey };
};

export type ActivationQuery = { keyWords?: string; state?: ActivationState };

export async function listTerminalActivations(
  query: ActivationQuery & { pageNum: number; pageSize: number },
  signal?: AbortSignal,
) {
  const params = { query };
  return dataOf(
    await sdk().GET("/tsp-bss/notRoadFour/terminalActivation/list", signal ? { params, signal } : { params }),
  );
}

export async function requestTerminalActivation(terminalId: string): Promise<TerminalActivation> {
  return dataOf(await sdk().POST("/tsp-bss/notRoadFour/terminalActivation/request", { body: { terminalId } }));
}

export async function listTerminalActivationHistory(terminalId: string): Promise<TerminalActivationEvent[]> {
  return dataOf(
    await sdk().GET("/tsp-bss/notRoadFour/terminalActivation/history", { params: { query: { terminalId } } }),
  );
}

export async function exportTerminalActivations(query: ActivationQuery) {
  return dataOf(await sdk().POST("/tsp-bss/notRoadFour/terminalActivation/export", { params: { query } }));
}
