import * as d from "@tsp/domain";
import {
  buttonClass,
  ConfirmDialog,
  DataTable,
  Dialog,
  inputClass,
  type UploadedFile,
  Uploader,
  useToast,
} from "@tsp/ui";
import { useCallback, useEffect, useId, useState } from "react";
import * as api from "../../api/notRoadFourActivation";
import { getMyInfo } from "../../api/session";
import { formatDateTime } from "../../format/dateTime";
import { type MessageKey, useT } from "../../i18n/i18n";
import { useCan } from "../../permission/useCan";

type Doc = api.FilingDocumentList["list"][number];
const DOC_TYPES = Object.keys(d.FILING_DOCUMENT_TYPE_LABELS) as api.FilingDocumentType[];
/** What the uploader takes: the server accepts the same three types (and checks again). */
const DOC_PATTERN = /\.(pdf|jpe?g|png)$/i;

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * 附件 on a filing's row: the filing's documents (type, name, size, who and when) with 下载 through
 * short-lived signed GETs of the private objects, and — while the filing is 草稿 / 已驳回 and the
 * account may — 上传 (getTempPutURL under the tenant's key prefix, then attached) and 删除.
 */
export function FilingDocuments({ kind, name }: { kind: api.DocumentFilingKind; name: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={buttonClass("link")}
        aria-label={`${t("nr4doc.open")} ${name}`}
        onClick={() => setOpen(true)}
      >
        {t("nr4doc.open")}
      </button>
      {open && (
        <Dialog open title={t("nr4doc.title", { name })} onClose={() => setOpen(false)} width={760}>
          <DocumentsBody kind={kind} name={name} />
        </Dialog>
      )}
    </>
  );
}

function DocumentsBody({ kind, name }: { kind: api.DocumentFilingKind; name: string }) {
  const t = useT();
  const can = useCan();
  const toast = useToast();
  const typeId = useId();
  const [docs, setDocs] = useState<api.FilingDocumentList | null>(null);
  const [tenantId, setTenantId] = useState<number | null>(null);
  const [docType, setDocType] = useState<api.FilingDocumentType>("testReport");
  const [deleting, setDeleting] = useState<Doc | null>(null);
  const load = useCallback(() => {
    api
      .listFilingDocuments(kind, name)
      .then(setDocs)
      .catch(() => {
        // Toasted by the shell.
      });
  }, [kind, name]);
  useEffect(() => {
    load();
    getMyInfo()
      .then((me) => setTenantId(me.tenantId))
      .catch(() => {
        // Toasted by the shell; without the tenant no upload is offered.
      });
  }, [load]);
  const attach = async (files: UploadedFile[]) => {
    const file = files[0];
    if (!file) return;
    try {
      setDocs(
        await api.addFilingDocument({ kind, key: name, docType, objectKey: file.objectKey, fileName: file.name }),
      );
      toast.success(t("nr4doc.added"));
    } catch {
      // Toasted by the shell.
    }
  };
  const typeLabel = (type: string) => t(`nr4doc.type.${type}` as MessageKey);
  const mayAdd = docs?.editable === true && can("addFilingDocument") && tenantId !== null;
  return (
    <div className="flex flex-col gap-3">
      {docs && !docs.editable && <p className="text-sm text-slate-600">{t("nr4doc.locked")}</p>}
      <DataTable<Doc>
        label={t("nr4doc.table")}
        rows={docs?.list ?? []}
        loading={docs === null}
        rowKey={(r) => String(r.id)}
        emptyText={t("nr4doc.empty")}
        columns={[
          { key: "docType", title: t("nr4doc.docType"), width: 120, render: (r) => typeLabel(r.docType) },
          { key: "fileName", title: t("nr4doc.fileName") },
          { key: "size", title: t("nr4doc.size"), width: 90, render: (r) => sizeText(r.size) },
          {
            key: "createdAt",
            title: t("nr4doc.created"),
            width: 200,
            render: (r) => `${r.createName ?? ""} ${formatDateTime(r.createdAt)}`,
          },
          {
            key: "actions",
            title: t("kit.actions"),
            width: 130,
            render: (r) => (
              <span className="flex gap-2">
                <a
                  className={buttonClass("link")}
                  href={r.url}
                  download={r.fileName}
                  aria-label={`${t("nr4doc.download")} ${r.fileName}`}
                >
                  {t("nr4doc.download")}
                </a>
                {docs?.editable && can("deleteFilingDocument") && (
                  <button
                    type="button"
                    className={buttonClass("link", "text-red-600")}
                    aria-label={`${t("nr4doc.delete")} ${r.fileName}`}
                    onClick={() => setDeleting(r)}
                  >
                    {t("nr4doc.delete")}
                  </button>
                )}
              </span>
            ),
          },
        ]}
      />
      {mayAdd && (
        <div className="flex flex-wrap items-end gap-3">
          <label htmlFor={typeId} className="flex flex-col gap-1 text-sm">
            {t("nr4doc.docType")}
            <select
              id={typeId}
              className={inputClass()}
              value={docType}
              onChange={(e) => setDocType(e.target.value as api.FilingDocumentType)}
            >
              {DOC_TYPES.map((type) => (
                <option key={type} value={type}>
                  {typeLabel(type)}
                </option>
              ))}
            </select>
          </label>
          <Uploader
            kind="file"
            label={t("nr4doc.upload")}
            value={[]}
            onChange={attach}
            upload={api.uploadFilingDocument}
            pattern={DOC_PATTERN}
            maxSizeMb={d.FILING_DOCUMENT_MAX_MB}
            sizeWording="file"
            objectKey={(file, md5) => d.filingDocumentKey(tenantId ?? 0, md5, file.type)}
          />
          <span className="pb-2 text-xs text-slate-600">{t("nr4doc.hint")}</span>
        </div>
      )}
      {deleting && (
        <ConfirmDialog
          open
          title={t("nr4doc.delete")}
          confirmText={t("nr4doc.delete")}
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            try {
              setDocs(await api.deleteFilingDocument(deleting.id));
              toast.success(t("nr4doc.deleted"));
            } catch {
              // Toasted by the shell.
            }
            setDeleting(null);
          }}
        >
          {t("nr4doc.deleteAsk", { name: deleting.fileName })}
        </ConfirmDialog>
      )}
    </div>
  );
}
