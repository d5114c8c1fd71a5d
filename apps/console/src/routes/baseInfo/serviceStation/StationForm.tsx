import * as d from "@tsp/domain";
import { Dialog, type FieldErrors, inputClass, useToast } from "@tsp/ui";
import { useId, useState } from "react";
import * as api from "../../../api/dealers";
import { useT } from "../../../i18n/i18n";
import { refusalByField } from "../../../kit/RowActions";
import { CheckGroup, Field, LocationField, RegionCascade, SimilarHint, useBrandOptions } from "../dealer/OutletParts";

/** A draft of the form: the record's fields, unset ones null until chosen. */
type StationDraft = { [K in keyof d.ServiceStationEdit]: d.ServiceStationEdit[K] | null };

const EMPTY_STATION: StationDraft = {
  stationCode: "",
  stationName: "",
  areaId: null,
  address: "",
  lng: null,
  lat: null,
  contactName: "",
  servicePhone: "",
  serviceTypes: [],
  brandIds: [],
  level: null,
  status: "open",
};

const draftOf = (r: api.StationRecord): StationDraft => ({
  stationCode: r.stationCode,
  stationName: r.stationName,
  areaId: r.areaId,
  address: r.address,
  lng: r.lng,
  lat: r.lat,
  contactName: r.contactName,
  servicePhone: r.servicePhone,
  serviceTypes: r.serviceTypes,
  brandIds: r.brandIds,
  level: r.level,
  status: r.status,
});

/**
 * 新增 / 编辑 of a service station: region cascade, map point, services and brands as checkbox
 * groups, the GB/T 16739 class — checked by @tsp/domain's `ServiceStationFormSchema` (三电检修
 * only at a class 1 or 2 repairer) before anything is sent; the server's refusals land on
 * their fields. Similar names already registered are shown from getServiceStationList.
 */
export function StationForm({
  record,
  onClose,
  onSaved,
}: {
  record?: api.StationRecord;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useT();
  const toast = useToast();
  const id = useId();
  const brands = useBrandOptions();
  const services = d.STATION_SERVICE_TYPES.map((value) => ({ value, label: t(`station.service.${value}`) }));
  const [draft, setDraft] = useState<StationDraft>(record ? draftOf(record) : EMPTY_STATION);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<StationDraft>) => {
    setDraft((x) => ({ ...x, ...patch }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in patch) && k !== "")));
  };
  const fid = (key: string) => `${id}-${key}`;
  const text = (key: "stationCode" | "stationName" | "address" | "contactName" | "servicePhone", max: number) => (
    <input
      id={fid(key)}
      aria-invalid={errors[key] ? true : undefined}
      aria-describedby={`${fid(key)}-msg`}
      className={inputClass("w-full", !!errors[key])}
      maxLength={max}
      disabled={key === "stationCode" && record !== undefined}
      value={draft[key] ?? ""}
      onChange={(e) => set({ [key]: e.target.value })}
    />
  );
  const save = async () => {
    if (saving) return;
    const checked = d.checkRecord(d.ServiceStationFormSchema, draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setSaving(true);
    try {
      if (record) await api.updateStation({ ...checked.value, updatedAt: record.updatedAt });
      else await api.createStation(checked.value);
      toast.success(t("kit.saved"));
      onSaved();
    } catch (error) {
      setErrors(refusalByField(error) ?? {});
    } finally {
      setSaving(false);
    }
  };
  const title = record ? t("station.edit") : t("station.create");
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
        <Field id={fid("stationCode")} label={t("station.code")} required error={errors.stationCode}>
          {text("stationCode", 20)}
        </Field>
        <Field id={fid("stationName")} label={t("station.name")} required error={errors.stationName}>
          {text("stationName", d.OUTLET_NAME_MAX_LENGTH)}
        </Field>
        <SimilarHint
          name={draft.stationName ?? ""}
          self={draft.stationCode ?? ""}
          search={api.searchStations}
          message={(names) => t("station.similar", { names })}
        />
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
        <Field id={fid("contactName")} label={t("station.contactName")} required error={errors.contactName}>
          {text("contactName", d.OUTLET_CONTACT_MAX_LENGTH)}
        </Field>
        <Field id={fid("servicePhone")} label={t("station.phone")} required error={errors.servicePhone}>
          {text("servicePhone", 20)}
        </Field>
        <Field id={fid("serviceTypes")} label={t("station.services")} required error={errors.serviceTypes} wide>
          <CheckGroup
            id={fid("serviceTypes")}
            label={t("station.services")}
            options={services}
            value={draft.serviceTypes ?? []}
            invalid={!!errors.serviceTypes}
            onChange={(serviceTypes) => set({ serviceTypes })}
          />
        </Field>
        <Field id={fid("brandIds")} label={t("station.brands")} required error={errors.brandIds} wide>
          <CheckGroup
            id={fid("brandIds")}
            label={t("station.brands")}
            options={brands}
            value={draft.brandIds ?? []}
            invalid={!!errors.brandIds}
            onChange={(brandIds) => set({ brandIds })}
          />
        </Field>
        <Field id={fid("level")} label={t("station.level")} required error={errors.level}>
          <select
            id={fid("level")}
            className={inputClass("w-full", !!errors.level)}
            value={draft.level ?? ""}
            onChange={(e) => set({ level: (e.target.value || null) as d.StationLevel | null })}
          >
            <option value="">—</option>
            {d.STATION_LEVELS.map((l) => (
              <option key={l} value={l}>
                {t(`station.level.${l}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field id={fid("status")} label={t("outlet.status")} required error={errors.status}>
          <select
            id={fid("status")}
            className={inputClass("w-full", !!errors.status)}
            value={draft.status ?? ""}
            onChange={(e) => set({ status: e.target.value as d.OutletStatus })}
          >
            {d.OUTLET_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`outlet.status.${s}`)}
              </option>
            ))}
          </select>
        </Field>
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </form>
    </Dialog>
  );
}
