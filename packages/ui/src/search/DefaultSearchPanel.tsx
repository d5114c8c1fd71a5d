import {
  type Brand,
  EMPTY_SEARCH,
  ICCID_MAX_LENGTH,
  isSearchDisabled,
  MSISDN_MAX_LENGTH,
  type SearchFormErrors,
  type SearchFormOptions,
  type SearchFormValues,
  SORT_OPTIONS,
  VIN_LENGTH,
  validateSearchForm,
} from "@tsp/domain";
import { type ReactNode, useId, useState } from "react";
import { type BrandCodes, BrandTreeSelect } from "../select/treeSelectors";
import { buttonClass, inputClass } from "../theme/classes";
import { CollapsiblePanel, SearchItem } from "./CollapsiblePanel";
import { TimeRangeInput } from "./TimeRangeInput";

/** Props of {@link DefaultSearchPanel}. */
export interface DefaultSearchPanelProps {
  /** Brand tree loader (selectBrandTree). */
  brandLoader: () => Promise<Brand[]>;
  /** Which optional parts show and what is required (the domain's search-form options). */
  options?: Partial<SearchFormOptions> & { showIccid?: boolean; showMsisdn?: boolean };
  initial?: SearchFormValues;
  /** Called with valid values only. */
  onSearch: (values: SearchFormValues) => void;
  onReset?: () => void;
  /** Shown only when given; pass it only when the user holds the export permission. */
  onExport?: (values: SearchFormValues) => void;
  /** Extra items after the defaults (the panel collapses at 6 or more). */
  extra?: ReactNode[];
}

const DEFAULTS: SearchFormOptions = { vinRequired: false, timeShown: true, timeRequired: false, timeLabel: "上报时间" };

/**
 * The default search panel (spec §2): brand/series/model tree, VIN, optional ICCID and MSISDN,
 * optional report-time range, sort order; 搜索 / 重置 / 导出. The domain validates (请输入VIN,
 * 请选择 + label) and disables 搜索 (and 导出) while a required VIN or time range is missing.
 */
export function DefaultSearchPanel({
  brandLoader,
  options,
  initial = EMPTY_SEARCH,
  onSearch,
  onReset,
  onExport,
  extra = [],
}: DefaultSearchPanelProps) {
  const opts: SearchFormOptions = { ...DEFAULTS, ...options };
  const { showIccid = true, showMsisdn = true } = options ?? {};
  const [values, setValues] = useState<SearchFormValues>(initial);
  const [errors, setErrors] = useState<SearchFormErrors>({});
  const ids = { vin: useId(), iccid: useId(), msisdn: useId(), sort: useId() };
  const disabled = isSearchDisabled(values, opts);
  const set = (patch: Partial<SearchFormValues>) => setValues((v) => ({ ...v, ...patch }));

  const run = (then: (v: SearchFormValues) => void) => {
    const found = validateSearchForm(values, opts);
    setErrors(found);
    if (Object.keys(found).length === 0) then({ ...values, vin: values.vin.trim().toUpperCase() });
  };

  const err = (k: keyof SearchFormErrors) =>
    errors[k] ? (
      <span role="alert" className="mt-0.5 block text-xs text-red-600">
        {errors[k]}
      </span>
    ) : null;

  const items: ReactNode[] = [
    <SearchItem key="brand" label="品牌/车系/车型">
      <BrandTreeSelect
        loader={brandLoader}
        value={values.codes as BrandCodes}
        onChange={(codes) => set({ codes })}
        label="品牌/车系/车型"
      />
    </SearchItem>,
    <SearchItem key="vin" label={opts.vinRequired ? "* VIN" : "VIN"} htmlFor={ids.vin}>
      <input
        id={ids.vin}
        className={inputClass("w-full", !!errors.vin)}
        maxLength={VIN_LENGTH}
        placeholder="请输入17位VIN"
        aria-required={opts.vinRequired || undefined}
        aria-invalid={errors.vin ? true : undefined}
        value={values.vin}
        onChange={(e) => set({ vin: e.target.value })}
      />
      {err("vin")}
    </SearchItem>,
    ...(showIccid
      ? [
          <SearchItem key="iccid" label="ICCID" htmlFor={ids.iccid}>
            <input
              id={ids.iccid}
              className={inputClass("w-full", !!errors.iccid)}
              maxLength={ICCID_MAX_LENGTH}
              placeholder="请输入ICCID"
              value={values.iccid}
              onChange={(e) => set({ iccid: e.target.value })}
            />
            {err("iccid")}
          </SearchItem>,
        ]
      : []),
    ...(showMsisdn
      ? [
          <SearchItem key="msisdn" label="MSISDN" htmlFor={ids.msisdn}>
            <input
              id={ids.msisdn}
              className={inputClass("w-full", !!errors.msisdn)}
              maxLength={MSISDN_MAX_LENGTH}
              placeholder="请输入MSISDN"
              value={values.msisdn}
              onChange={(e) => set({ msisdn: e.target.value })}
            />
            {err("msisdn")}
          </SearchItem>,
        ]
      : []),
    ...(opts.timeShown
      ? [
          <SearchItem key="time" label={opts.timeRequired ? `* ${opts.timeLabel}` : opts.timeLabel}>
            <TimeRangeInput
              label={opts.timeLabel}
              value={values.time}
              invalid={!!errors.time}
              onChange={(time) => set({ time })}
            />
            {err("time")}
          </SearchItem>,
        ]
      : []),
    <SearchItem key="sort" label="排序" htmlFor={ids.sort}>
      <select
        id={ids.sort}
        className={inputClass("w-full")}
        value={String(values.reportTimeDesc)}
        onChange={(e) => set({ reportTimeDesc: e.target.value === "true" })}
      >
        {SORT_OPTIONS.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
    </SearchItem>,
    ...extra,
  ];

  return (
    <CollapsiblePanel
      label="搜索条件"
      onSubmit={() => !disabled && run(onSearch)}
      actions={
        <>
          <button type="submit" className={buttonClass("primary")} disabled={disabled}>
            搜索
          </button>
          <button
            type="button"
            className={buttonClass("default")}
            onClick={() => {
              setValues(EMPTY_SEARCH);
              setErrors({});
              onReset?.();
            }}
          >
            重置
          </button>
          {onExport && (
            <button type="button" className={buttonClass("default")} disabled={disabled} onClick={() => run(onExport)}>
              导出
            </button>
          )}
        </>
      }
    >
      {items}
    </CollapsiblePanel>
  );
}
