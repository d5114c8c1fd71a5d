import {
  checkRecord,
  REALNAME_OWNER_TYPES,
  REALNAME_PHOTOS_OF,
  type RealnameOwnerType,
  type RealnamePhotoKind,
  RealnameSubmitSchema,
} from "@tsp/domain";
import { Dialog, type FieldErrors, inputClass, Segmented, type UploadedFile, Uploader, useToast } from "@tsp/ui";
import { useEffect, useId, useState } from "react";
import * as api from "../../../api/realname";
import type { RealnameRow } from "../../../api/types";
import { type MessageKey, useT } from "../../../i18n/i18n";
import { refusalByField } from "../../../kit/RowActions";

/** The text fields of a submission; their labels depend on the owner type. */
const TEXT_FIELDS = ["ownerName", "certNo", "contactPhone"] as const;
type TextField = (typeof TEXT_FIELDS)[number];
const LABELS: Record<RealnameOwnerType, Record<TextField, MessageKey>> = {
  person: { ownerName: "realname.personName", certNo: "realname.idCardNo", contactPhone: "realname.contactPhone" },
  company: { ownerName: "realname.companyName", certNo: "realname.creditCode", contactPhone: "realname.contactPhone" },
};
/** Photos of phones run to a few MB; a scan of a licence fits in 5. */
const PHOTO_MAX_MB = 5;

/**
 * 提交认证 of a card: owner type (个人 / 企业), name, ID number or credit code, contact phone and
 * the photos its type needs, each uploaded as a private object through the real-name signing
 * call. Checked by @tsp/domain's schema before sending (the server applies the same); the
 * server's refusals land on their fields, the draft stays. A rejected card shows why.
 */
export function RealnameSubmitDialog({
  row,
  onClose,
  onSubmitted,
}: {
  row: RealnameRow;
  onClose: () => void;
  onSubmitted: () => void;
}) {
  const t = useT();
  const id = useId();
  const toast = useToast();
  const [ownerType, setOwnerType] = useState<RealnameOwnerType>("person");
  const [text, setText] = useState<Record<TextField, string>>({ ownerName: "", certNo: "", contactPhone: "" });
  const [photos, setPhotos] = useState<Partial<Record<RealnamePhotoKind, UploadedFile>>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [lastReason, setLastReason] = useState<string | null>(null);
  useEffect(() => {
    if (row.status !== "rejected") return;
    let live = true;
    api
      .getRealname(row.iccid)
      .then((detail) => live && setLastReason(detail.rejectReason))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [row]);

  const clear = (key: string) => setErrors(({ [key]: _gone, ...rest }) => rest);
  const save = async () => {
    if (saving) return;
    const draft = {
      iccid: row.iccid,
      ownerType,
      ...text,
      photos: REALNAME_PHOTOS_OF[ownerType].flatMap((kind) => {
        const file = photos[kind];
        return file ? [{ kind, objectKey: file.objectKey }] : [];
      }),
    };
    const checked = checkRecord(RealnameSubmitSchema, draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = [...TEXT_FIELDS, "photos"].find((k) => checked.errors[k]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setSaving(true);
    try {
      await api.submitRealname(checked.value);
      toast.success(t("realname.submitted"));
      onSubmitted();
    } catch (error) {
      setErrors(refusalByField(error) ?? {});
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open
      title={t("realname.submitTitle", { vin: row.vin })}
      width={760}
      onClose={onClose}
      onConfirm={() => void save()}
      confirmDisabled={saving}
    >
      <form
        aria-label={t("realname.submitTitle", { vin: row.vin })}
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {lastReason && (
          <p className="rounded border border-red-200 bg-red-50 px-3 py-2 text-red-700">
            {t("realname.lastReason", { reason: lastReason })}
          </p>
        )}
        {errors[""] && (
          <p role="alert" className="text-sm text-red-600">
            {errors[""]}
          </p>
        )}
        <div className="flex items-center gap-3">
          <span className="text-sm text-gray-600">{t("realname.ownerType")}</span>
          <Segmented
            legend={t("realname.ownerType")}
            options={REALNAME_OWNER_TYPES.map((o) => ({ value: o, label: t(`realname.ownerType.${o}`) }))}
            value={ownerType}
            onChange={(value) => {
              setOwnerType(value as RealnameOwnerType);
              setErrors({});
            }}
          />
        </div>
        <div className="grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-3">
          {TEXT_FIELDS.map((key) => (
            <div key={key} className="flex flex-col gap-1">
              <label htmlFor={`${id}-${key}`} className="text-sm text-gray-600">
                {`* ${t(LABELS[ownerType][key])}`}
              </label>
              <input
                id={`${id}-${key}`}
                className={inputClass("w-full", !!errors[key])}
                aria-invalid={errors[key] ? true : undefined}
                aria-required
                aria-describedby={`${id}-${key}-msg`}
                maxLength={key === "ownerName" ? 100 : 30}
                value={text[key]}
                onChange={(e) => {
                  setText((x) => ({ ...x, [key]: e.target.value }));
                  clear(key);
                }}
              />
              <span
                id={`${id}-${key}-msg`}
                role={errors[key] ? "alert" : undefined}
                className="min-h-4 text-xs text-red-600"
              >
                {errors[key] ?? ""}
              </span>
            </div>
          ))}
        </div>
        <fieldset className="flex flex-col gap-2" aria-describedby={`${id}-photos-msg`}>
          <legend id={`${id}-photos`} tabIndex={-1} className="text-sm text-gray-600">
            {`* ${t("realname.photos")}`}
          </legend>
          <p className="text-xs text-gray-500">{t("realname.photoHint")}</p>
          <div className="flex flex-wrap gap-6">
            {REALNAME_PHOTOS_OF[ownerType].map((kind) => {
              const file = photos[kind];
              return (
                <div key={kind} className="flex flex-col gap-1">
                  <span className="text-xs text-gray-600">{t(`realname.photo.${kind}`)}</span>
                  <Uploader
                    kind="image"
                    label={t(`realname.photo.${kind}`)}
                    value={file ? [file] : []}
                    onChange={(files) => {
                      setPhotos((p) => ({ ...p, [kind]: files[0] }));
                      clear("photos");
                    }}
                    upload={api.uploadRealnamePhoto}
                    maxSizeMb={PHOTO_MAX_MB}
                    // Its own key space: a common upload of the same file never shares (and opens) it.
                    objectKey={(_file, md5) => `realname-${md5}`}
                  />
                </div>
              );
            })}
          </div>
          <span
            id={`${id}-photos-msg`}
            role={errors.photos ? "alert" : undefined}
            className="min-h-4 text-xs text-red-600"
          >
            {errors.photos ?? ""}
          </span>
        </fieldset>
        <button type="submit" hidden aria-hidden="true" tabIndex={-1}>
          {t("realname.submit")}
        </button>
      </form>
    </Dialog>
  );
}
