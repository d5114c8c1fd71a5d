import * as d from "@tsp/domain";
import {
  buttonClass,
  type Column,
  ConfirmDialog,
  DataTable,
  Dialog,
  dateTimeColumn,
  inputClass,
  useToast,
} from "@tsp/ui";
import { useCallback, useId, useState } from "react";
import * as api from "../../../api/ota";
import { useT } from "../../../i18n/i18n";
import { refusalByField } from "../../../kit/RowActions";
import { useCan } from "../../../permission/useCan";

type Pkg = api.OtaPackage;
const FIELDS = ["name", "vehicleModel", "makerCode", "hardwareVersion", "firmwareVersion", "remark"] as const;
type Field = (typeof FIELDS)[number];
const MAX: Record<Field, number> = {
  name: 50,
  vehicleModel: 50,
  makerCode: 4,
  hardwareVersion: 5,
  firmwareVersion: 5,
  remark: 200,
};

/**
 * 上传升级包: the file goes to the object store through boxEv/ftp when saved, then the package
 * is registered with the versions the 0x82 command carries (checked by @tsp/domain as typed).
 */
function UploadDialog({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const t = useT();
  const id = useId();
  const toast = useToast();
  const [file, setFile] = useState<File | null>(null);
  const [values, setValues] = useState<Record<Field, string>>({
    name: "",
    vehicleModel: "",
    makerCode: "",
    hardwareVersion: "",
    firmwareVersion: "",
    remark: "",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const found: Record<string, string> = {};
    for (const p of d.otaPackageProblems(values)) found[p.field] ??= p.msg;
    if (!file) found.file = t("ota.chooseFile");
    setErrors(found);
    if (Object.keys(found).length > 0 || !file) return;
    setBusy(true);
    try {
      const fileUrl = await api.uploadBoxEvFile(file);
      await api.createOtaPackage({
        name: values.name,
        vehicleModel: values.vehicleModel,
        makerCode: values.makerCode,
        hardwareVersion: values.hardwareVersion,
        firmwareVersion: values.firmwareVersion,
        fileUrl,
        ...(values.remark ? { remark: values.remark } : {}),
      });
      toast.success(t("ota.pkg.saved"));
      onSaved();
    } catch (error) {
      setErrors(refusalByField(error) ?? { "": String(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      title={t("ota.uploadTitle")}
      onClose={onClose}
      onConfirm={() => void save()}
      confirmDisabled={busy}
      confirmText={busy ? t("ota.uploading") : undefined}
      width={640}
    >
      <div className="grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-2">
        <div className="flex flex-col gap-1 sm:col-span-2">
          <label htmlFor={`${id}-file`} className="text-sm text-gray-600">
            <span className="text-red-600">*</span> {t("ota.file")}
          </label>
          <input
            id={`${id}-file`}
            type="file"
            className={inputClass("w-full", !!errors.file)}
            aria-invalid={!!errors.file}
            aria-describedby={`${id}-file-msg`}
            onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
          />
          <span id={`${id}-file-msg`} className="min-h-4 text-xs text-red-600">
            {errors.file ?? errors.fileUrl ?? ""}
          </span>
        </div>
        {FIELDS.map((key) => (
          <div key={key} className="flex flex-col gap-1">
            <label htmlFor={`${id}-${key}`} className="text-sm text-gray-600">
              {key !== "remark" && <span className="text-red-600">*</span>} {t(`ota.pkg.${key}`)}
            </label>
            <input
              id={`${id}-${key}`}
              className={inputClass("w-full", !!errors[key])}
              value={values[key]}
              maxLength={MAX[key]}
              aria-invalid={!!errors[key]}
              aria-describedby={`${id}-${key}-msg`}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setValues((old) => ({ ...old, [key]: value }));
                setErrors((old) => {
                  const next = { ...old };
                  delete next[key];
                  return next;
                });
              }}
              onBlur={() => {
                // Checked as typed, by the same rule the server applies.
                const msg = d.otaPackageProblems(values).find((p) => p.field === key)?.msg;
                if (msg && values[key] !== "") setErrors((old) => ({ ...old, [key]: msg }));
              }}
            />
            <span id={`${id}-${key}-msg`} className="min-h-4 text-xs text-red-600">
              {errors[key] ?? ""}
            </span>
          </div>
        ))}
      </div>
      {errors[""] && (
        <p role="alert" className="text-sm text-red-600">
          {errors[""]}
        </p>
      )}
    </Dialog>
  );
}

/** 升级包管理: the tenant's packages (size, MD5), 上传升级包 and 删除 behind their permissions. */
export function PackagesButton() {
  const t = useT();
  const can = useCan();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [deleting, setDeleting] = useState<Pkg | null>(null);
  const [rows, setRows] = useState<Pkg[] | null>(null);
  const load = useCallback(async () => {
    setRows((await api.listOtaPackages({ pageNum: 1, pageSize: 100 })).list);
  }, []);
  const columns: Column<Pkg>[] = [
    { key: "name", title: t("ota.pkg.name"), width: 150 },
    { key: "vehicleModel", title: t("ota.pkg.vehicleModel"), width: 110 },
    { key: "hardwareVersion", title: t("ota.pkg.hardwareVersion"), width: 80 },
    { key: "firmwareVersion", title: t("ota.pkg.firmwareVersion"), width: 80 },
    { key: "fileSize", title: t("ota.pkg.size"), width: 80, render: (r) => `${r.fileSize} B` },
    { key: "md5", title: t("ota.pkg.md5"), width: 270 },
    dateTimeColumn<Pkg>("createdAt", t("ota.createdAt")),
    {
      key: "id",
      title: t("kit.actions"),
      width: 70,
      render: (r) =>
        can("deleteOtaPackage") ? (
          <button
            type="button"
            className={buttonClass("link", "text-red-600")}
            aria-label={`${t("ota.pkg.delete")} ${r.name}`}
            onClick={() => setDeleting(r)}
          >
            {t("ota.pkg.delete")}
          </button>
        ) : null,
    },
  ];
  return (
    <>
      <button
        type="button"
        className={buttonClass("default")}
        onClick={() => {
          setOpen(true);
          setRows(null);
          void load().catch(() => setRows([]));
        }}
      >
        {t("ota.packages")}
      </button>
      {open && (
        <Dialog open title={t("ota.packagesTitle")} onClose={() => setOpen(false)} width={1100}>
          {can("createOtaPackage") && can("uploadBoxEvFile") && (
            <div className="mb-3 flex justify-end">
              <button type="button" className={buttonClass("primary")} onClick={() => setUploading(true)}>
                {t("ota.upload")}
              </button>
            </div>
          )}
          <DataTable
            label={t("ota.packagesTitle")}
            columns={columns}
            rows={rows ?? []}
            loading={rows === null}
            rowKey={(r) => String(r.id)}
            height={320}
          />
        </Dialog>
      )}
      {uploading && (
        <UploadDialog
          onClose={() => setUploading(false)}
          onSaved={() => {
            setUploading(false);
            void load();
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          open
          title={t("ota.pkg.deleteTitle")}
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            try {
              await api.deleteOtaPackage(deleting.id);
              toast.success(t("ota.pkg.deleted"));
            } catch (error) {
              toast.error(Object.values(refusalByField(error) ?? {})[0] ?? String(error));
            }
            setDeleting(null);
            void load();
          }}
        >
          {t("ota.pkg.deleteConfirm", { name: deleting.name })}
        </ConfirmDialog>
      )}
    </>
  );
}
