import { buttonClass, inputClass, MapLocationPicker, type SelectOption } from "@tsp/ui";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { type Region, regionList } from "../../../api/dealers";
import { brandTree } from "../../../api/ner";
import { useT } from "../../../i18n/i18n";

/**
 * Form parts the dealer and service-station dialogs share: a labelled field with its message,
 * the province → city → district cascade on comm-data's region list, the map point (typed or
 * picked with the kit's location picker), a checkbox group (brands, services) and the
 * similar-name hint that asks a keyword search before a duplicate is registered.
 */

/** A labelled control and the message under it (an alert when there is one). */
export function Field({
  id,
  label,
  required,
  error,
  wide,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  error: string | undefined;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={wide ? "flex flex-col gap-1 sm:col-span-2" : "flex flex-col gap-1"}>
      <label htmlFor={id} className="text-sm text-gray-600">
        {required ? `* ${label}` : label}
      </label>
      {children}
      <span id={`${id}-msg`} role={error ? "alert" : undefined} className="min-h-4 text-xs text-red-600">
        {error ?? ""}
      </span>
    </div>
  );
}

/** The regions, loaded once; the parents with children and the nodes by id. */
function useRegions() {
  const [list, setList] = useState<Region[]>([]);
  useEffect(() => {
    let live = true;
    regionList().then(
      (l) => live && setList(l),
      () => {
        // Toasted by the shell; the cascade stays empty.
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return useMemo(() => {
    const byParent = new Map<string | null, Region[]>();
    for (const r of list) byParent.set(r.parentId, [...(byParent.get(r.parentId) ?? []), r]);
    const byId = new Map(list.map((r) => [r.areaId, r]));
    return { byParent, byId };
  }, [list]);
}

/**
 * Province → city → district as three selects (keyboard-usable native controls). The value is
 * the district (or a city without districts, such as 东莞); choosing a province or city clears
 * what was below it.
 */
export function RegionCascade({
  id,
  value,
  onChange,
  invalid,
}: {
  id: string;
  value: string | null;
  onChange: (areaId: string | null) => void;
  invalid: boolean;
}) {
  const t = useT();
  const { byParent, byId } = useRegions();
  const chain: string[] = [];
  for (let r = value ? byId.get(value) : undefined; r; r = r.parentId ? byId.get(r.parentId) : undefined)
    chain.unshift(r.areaId);
  const [picked, setPicked] = useState<string[]>([]);
  // The chosen levels: the value's chain once the regions are loaded, else what was picked so far.
  const levels = chain.length > 0 ? chain : picked;
  const labels = [t("outlet.province"), t("outlet.city"), t("outlet.district")];
  const choose = (level: number, areaId: string) => {
    const next = [...levels.slice(0, level), ...(areaId ? [areaId] : [])];
    setPicked(next);
    const last = next.at(-1);
    const leaf = last !== undefined && (byParent.get(last) ?? []).length === 0;
    onChange(leaf ? (last as string) : null);
  };
  return (
    <div className="grid grid-cols-3 gap-2">
      {labels.map((label, level) => {
        const parent = level === 0 ? null : levels[level - 1];
        const options = parent === undefined ? [] : (byParent.get(parent) ?? []);
        return (
          <select
            key={label}
            id={level === 0 ? id : `${id}-${level}`}
            aria-label={`${t("outlet.region")} ${label}`}
            aria-invalid={invalid || undefined}
            aria-describedby={`${id}-msg`}
            className={inputClass("w-full", invalid)}
            value={levels[level] ?? ""}
            disabled={options.length === 0}
            onChange={(e) => choose(level, e.target.value)}
          >
            <option value="">{label}</option>
            {options.map((r) => (
              <option key={r.areaId} value={r.areaId}>
                {r.areaName}
              </option>
            ))}
          </select>
        );
      })}
    </div>
  );
}

/** A typed coordinate: empty is none (the schema refuses what is not a number). */
const num = (s: string) => (s.trim() === "" ? null : Number(s));
/** A picked coordinate to 6 decimals (about 0.1 m). */
const round = (x: number | null) => (x === null ? null : Math.round(x * 1e6) / 1e6);

/** Longitude and latitude typed (6 decimals kept) or picked on the map; the picker's address fills an empty address. */
export function LocationField({
  id,
  lng,
  lat,
  onChange,
  onAddress,
  errors,
}: {
  id: string;
  lng: number | null;
  lat: number | null;
  onChange: (lng: number | null, lat: number | null) => void;
  onAddress: (address: string) => void;
  errors: { lng?: string | undefined; lat?: string | undefined };
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <input
        id={id}
        aria-label={`${t("outlet.location")} lng`}
        aria-invalid={errors.lng ? true : undefined}
        aria-describedby={`${id}-msg`}
        inputMode="decimal"
        className={inputClass("w-32", !!errors.lng)}
        placeholder="lng"
        value={lng ?? ""}
        onChange={(e) => onChange(num(e.target.value), lat)}
      />
      <input
        aria-label={`${t("outlet.location")} lat`}
        aria-invalid={errors.lat ? true : undefined}
        aria-describedby={`${id}-msg`}
        inputMode="decimal"
        className={inputClass("w-32", !!errors.lat)}
        placeholder="lat"
        value={lat ?? ""}
        onChange={(e) => onChange(lng, num(e.target.value))}
      />
      <button type="button" className={buttonClass("default")} onClick={() => setOpen(true)}>
        {t("outlet.pickLocation")}
      </button>
      {(lng !== null || lat !== null) && (
        <button type="button" className={buttonClass("link")} onClick={() => onChange(null, null)}>
          {t("outlet.clearLocation")}
        </button>
      )}
      {open && (
        <MapLocationPicker
          open
          onClose={() => setOpen(false)}
          value={lng !== null && lat !== null ? { address: "", lng, lat } : null}
          onConfirm={(place) => {
            onChange(round(place.lng), round(place.lat));
            if (place.address) onAddress(place.address);
            setOpen(false);
          }}
        />
      )}
    </div>
  );
}

/** A group of checkboxes (brands, services) as one field; the value is the checked options' values. */
export function CheckGroup<V extends string | number>({
  id,
  label,
  options,
  value,
  onChange,
  invalid,
}: {
  id: string;
  label: string;
  options: readonly { value: V; label: string }[];
  value: readonly V[];
  onChange: (value: V[]) => void;
  invalid: boolean;
}) {
  return (
    <fieldset
      id={id}
      aria-label={label}
      aria-invalid={invalid || undefined}
      aria-describedby={`${id}-msg`}
      className={`flex flex-wrap gap-x-4 gap-y-1 rounded border px-2 py-1 ${invalid ? "border-red-500" : "border-gray-300"}`}
    >
      {options.map((o) => (
        <label key={String(o.value)} className="flex items-center gap-1 text-sm">
          <input
            type="checkbox"
            checked={value.includes(o.value)}
            onChange={(e) => onChange(e.target.checked ? [...value, o.value] : value.filter((x) => x !== o.value))}
          />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}

/** The brand tree's brands as options (id → name), loaded once per form. */
export function useBrandOptions(): { value: number; label: string }[] {
  const [brands, setBrands] = useState<{ value: number; label: string }[]>([]);
  useEffect(() => {
    let live = true;
    brandTree().then(
      (list) => live && setBrands(list.map((b) => ({ value: Number(b.brandId), label: b.brandName }))),
      () => {
        // Toasted by the shell.
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return brands;
}

/**
 * Similar records already registered: a keyword search on what is typed as the name (after a
 * pause), the record itself left out — so an operator sees a likely duplicate before saving.
 */
export function SimilarHint({
  name,
  self,
  search,
  message,
}: {
  name: string;
  self: string;
  search: (
    query: { keyWords: string; pageIndex: number; pageSize: number },
    signal: AbortSignal,
  ) => Promise<{ list: SelectOption[] }>;
  message: (names: string) => string;
}) {
  const [similar, setSimilar] = useState<SelectOption[]>([]);
  const keyWords = name.trim();
  const asking = keyWords.length >= 2;
  useEffect(() => {
    if (!asking) return;
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      search({ keyWords, pageIndex: 1, pageSize: 5 }, ctrl.signal).then(
        (page) => setSimilar(page.list.filter((o) => o.value !== self)),
        () => setSimilar([]),
      );
    }, 400);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [asking, keyWords, self, search]);
  if (!asking || similar.length === 0) return null;
  return (
    <p role="status" className="text-xs text-amber-700 sm:col-span-2">
      {message(similar.map((o) => `${o.label}（${o.value}）`).join("、"))}
    </p>
  );
}
