import * as d from "@tsp/domain";
import { Dialog, type FieldErrors, inputClass, RemoteSelect, useToast } from "@tsp/ui";
import { useId, useState } from "react";
import * as api from "../../../api/dealers";
import { useT } from "../../../i18n/i18n";
import { refusalByField } from "../../../kit/RowActions";
import { CheckGroup, Field, LocationField, RegionCascade, SimilarHint, useBrandOptions } from "./OutletParts";

/** A draft of the form: the record's fields, unset ones null until chosen. */
export type DealerDraft = { [K in keyof d.DealerEdit]: d.DealerEdit[K] | null };

/** A new dealer's draft: a selling dealer, open, nothing else chosen. */
export const EMPTY_DEALER: DealerDraft = {
  dealerCode: "",
  dealerName: "",
  kind: "sale",
  parentCode: null,
  areaId: null,
  address: "",
  lng: null,
  lat: null,
  contactName: "",
  contactPhone: "",
  brandIds: [],
  status: "open",
};

/** The editable fields of a record (what the edit form starts from). */
export const dealerDraftOf = (r: api.DealerRecord): DealerDraft => ({
  dealerCode: r.dealerCode,
  dealerName: r.dealerName,
  kind: r.kind,
  parentCode: r.parentCode,
  areaId: r.areaId,
  address: r.address,
  lng: r.lng,
  lat: r.lat,
  contactName: r.contactName,
  contactPhone: r.contactPhone,
  brandIds: r.brandIds,
  status: r.status,
});

/**
 * 新增 / 编辑 of a dealer: the kit's dialog with the register's own controls (kind, the parent
 * selling dealer picked by keyword — getSaleDealer —, the region cascade, the map point, the
 * brands), checked by @tsp/domain's `DealerFormSchema` before anything is sent; the server's
 * refusals (parent not a selling dealer, region not a district, 409 changed meanwhile) land on
 * their fields and the draft stays.
 */
export function DealerForm({
  record,
  onClose,
  onSaved,
}: {
  /** The dealer being edited; absent for a new one. */
  record?: api.DealerRecord;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useT();
  const toast = useToast();
  const id = useId();
  const brands = useBrandOptions();
  const [draft, setDraft] = useState<DealerDraft>(record ? dealerDraftOf(record) : EMPTY_DEALER);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<DealerDraft>) => {
    setDraft((x) => ({ ...x, ...patch }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in patch) && k !== "")));
  };
  const fid = (key: string) => `${id}-${key}`;
  const text = (key: "dealerCode" | "dealerName" | "address" | "contactName" | "contactPhone", max: number) => (
    <input
      id={fid(key)}
      aria-invalid={errors[key] ? true : undefined}
      aria-describedby={`${fid(key)}-msg`}
      className={inputClass("w-full", !!errors[key])}
      maxLength={max}
      disabled={key === "dealerCode" && record !== undefined}
      value={draft[key] ?? ""}
      onChange={(e) => set({ [key]: e.target.value })}
    />
  );
  const choices = <K extends string>(prefix: string, values: readonly K[]) =>
    values.map((v) => (
      <option key={v} value={v}>
        {t(`${prefix}.${v}` as never)}
      </option>
    ));

  const save = async () => {
    if (saving) return;
    const checked = d.checkRecord(d.DealerFormSchema, draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setSaving(true);
    try {
      if (record) await api.updateDealer({ ...checked.value, updatedAt: record.updatedAt });
      else await api.createDealer(checked.value);
      toast.success(t("kit.saved"));
      onSaved();
    } catch (error) {
      setErrors(refusalByField(error) ?? {});
    } finally {
      setSaving(false);
    }
  };

  const title = record ? t("dealer.edit") : t("dealer.create");
  return (
    <Dialog open title={title} width={820} onClose={onClose} onConfirm={() => void save()} confirmDisabled={saving}>
      <form
        aria-label={title}
        className="grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {errors[""] && (
          <p role="alert" className="text-sm text-red-600 sm:col-span-2">
            {errors[""]}
          </p>
        )}
        <Field id={fid("dealerCode")} label={t("dealer.code")} required error={errors.dealerCode}>
          {text("dealerCode", 20)}
        </Field>
        <Field id={fid("dealerName")} label={t("dealer.name")} required error={errors.dealerName}>
          {text("dealerName", d.OUTLET_NAME_MAX_LENGTH)}
        </Field>
        <SimilarHint
          name={draft.dealerName ?? ""}
          self={draft.dealerCode ?? ""}
          search={draft.kind === "secondary" ? api.searchSecondaryDealers : api.searchSaleDealers}
          message={(names) => t("dealer.similar", { names })}
        />
        <Field id={fid("kind")} label={t("dealer.kind")} required error={errors.kind}>
          <select
            id={fid("kind")}
            className={inputClass("w-full", !!errors.kind)}
            value={draft.kind ?? ""}
            onChange={(e) => {
              const kind = e.target.value as d.DealerKind;
              set(kind === "sale" ? { kind, parentCode: null } : { kind });
            }}
          >
            {choices("dealer.kind", d.DEALER_KINDS)}
          </select>
        </Field>
        <Field
          id={fid("parentCode")}
          label={t("dealer.parent")}
          required={draft.kind === "secondary"}
          error={errors.parentCode}
        >
          <RemoteSelect
            label={t("dealer.parent")}
            className="w-full"
            disabled={draft.kind !== "secondary"}
            makeQuery={api.searchQuery}
            loader={api.searchSaleDealers}
            toOption={(o) => ({ value: o.value, label: `${o.label}（${o.value}）` })}
            value={draft.parentCode}
            onChange={(parentCode) => set({ parentCode })}
          />
        </Field>
        <Field id={fid("areaId")} label={t("outlet.region")} required error={errors.areaId} wide>
          <RegionCascade
            id={fid("areaId")}
            value={draft.areaId}
            invalid={!!errors.areaId}
            onChange={(areaId) => set({ areaId })}
          />
        </Field>
        <Field id={fid("address")} label={t("outlet.address")} required error={errors.address} wide>
          {text("address", d.OUTLET_ADDRESS_MAX_LENGTH)}
        </Field>
        <Field id={fid("lng")} label={t("outlet.location")} error={errors.lng ?? errors.lat} wide>
          <LocationField
            id={fid("lng")}
            lng={draft.lng}
            lat={draft.lat}
            errors={{ lng: errors.lng, lat: errors.lat }}
            onChange={(lng, lat) => set({ lng, lat })}
            onAddress={(address) => {
              if (!draft.address) set({ address });
            }}
          />
        </Field>
        <Field id={fid("contactName")} label={t("dealer.contactName")} required error={errors.contactName}>
          {text("contactName", d.OUTLET_CONTACT_MAX_LENGTH)}
        </Field>
        <Field id={fid("contactPhone")} label={t("dealer.contactPhone")} required error={errors.contactPhone}>
          {text("contactPhone", 20)}
        </Field>
        <Field id={fid("brandIds")} label={t("dealer.brands")} required error={errors.brandIds} wide>
          <CheckGroup
            id={fid("brandIds")}
            label={t("dealer.brands")}
            options={brands}
            value={draft.brandIds ?? []}
            invalid={!!errors.brandIds}
            onChange={(brandIds) => set({ brandIds })}
          />
        </Field>
        <Field id={fid("status")} label={t("outlet.status")} required error={errors.status}>
          <select
            id={fid("status")}
            className={inputClass("w-full", !!errors.status)}
            value={draft.status ?? ""}
            onChange={(e) => set({ status: e.target.value as d.OutletStatus })}
          >
            {choices("outlet.status", d.OUTLET_STATUSES)}
          </select>
        </Field>
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </form>
    </Dialog>
  );
}
