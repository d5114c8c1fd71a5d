import {
  fieldId,
  ICCID_MAX_LENGTH,
  isRequiredMissing,
  MSISDN_MAX_LENGTH,
  normalizeSearch,
  normalizeVin,
  type SearchValues,
  searchProblems,
  TBOX_SERIAL_MAX_LENGTH,
  VIN_LENGTH,
} from "@tsp/domain";
import { type ReactNode, useId, useState } from "react";
import { DateRangePicker } from "../date/DateRangePicker";
import { NumberRangeInput } from "../form/NumberRangeInput";
import { CollapsiblePanel, SearchItem } from "../search/CollapsiblePanel";
import { type BrandCodes, BrandTreeSelect } from "../select/treeSelectors";
import { buttonClass, inputClass } from "../theme/classes";
import { DateTimeRangeField } from "./DateTimeRangeField";
import type { SearchField } from "./searchFieldTypes";
import { useUiText } from "./uiText";

/** Props of {@link SearchForm}. */
export interface SearchFormProps<V extends SearchValues> {
  /** The fields, in order (the panel collapses at 6 or more, spec §2). */
  fields: readonly SearchField[];
  /** The values searched last (from the address); the form edits a draft of them. */
  values: V;
  /** What 重置 puts back. */
  defaults: V;
  /** Called with valid, normalised values. */
  onSearch: (values: V) => void;
  /**
   * Whether valid values are complete enough to search; when not, 查询 is silently skipped
   * (platform-shell.md §5: the journal without VIN or range).
   */
  ready?: (values: V) => boolean;
  /** More buttons after 查询 / 重置 (export, import…); each gets the draft and whether it may run. */
  renderActions?: (draft: V, runnable: boolean) => ReactNode;
  /** Text of the submit button (查询 by default). */
  submitLabel?: string;
}

const MAX_LENGTH = {
  vin: VIN_LENGTH,
  iccid: ICCID_MAX_LENGTH,
  msisdn: MSISDN_MAX_LENGTH,
  tboxSerial: TBOX_SERIAL_MAX_LENGTH,
  text: 100,
};

/**
 * The screen kit's declarative search form (issue 13): a screen lists its fields and gets the
 * controls, the domain's validation (platform-shell.md §5 messages under each field), 查询
 * disabled while a required field is empty, the 6-item collapse of the spec's search panel,
 * and normalised values (VIN upper-cased). Keyboard: every control is a native input or a
 * Headless UI widget; Enter in any box searches.
 */
export function SearchForm<V extends SearchValues>({
  fields,
  values,
  defaults,
  onSearch,
  ready,
  renderActions,
  submitLabel,
}: SearchFormProps<V>) {
  const text = useUiText();
  const id = useId();
  const [draft, setDraft] = useState<V>(values);
  const [shown, setShown] = useState<Record<string, string>>({});
  const [textProblems, setTextProblems] = useState<Record<string, string>>({});
  // 重置 remounts the controls, so text typed into a box (not yet a value) goes too.
  const [generation, setGeneration] = useState(0);
  const set = (patch: Record<string, unknown>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setShown((s) => {
      const next = { ...s };
      for (const field of fields)
        if (Object.keys(patch).some((k) => keysOf(field).includes(k))) delete next[fieldId(field)];
      return next;
    });
  };
  const missing = isRequiredMissing(fields, draft);
  const blocked = missing || Object.keys(textProblems).length > 0;
  const valid = Object.keys(searchProblems(fields, draft)).length === 0;
  const runnable = !blocked && valid && (ready?.(normalizeSearch(fields, draft)) ?? true);

  const submit = () => {
    if (blocked) return;
    const problems = searchProblems(fields, draft);
    setShown(problems);
    if (Object.keys(problems).length > 0) return;
    const normalized = normalizeSearch(fields, draft);
    if (ready && !ready(normalized)) return;
    onSearch(normalized);
  };

  const messageOf = (field: SearchField) => textProblems[fieldId(field)] ?? shown[fieldId(field)];
  const items = fields.map((field) => {
    const fid = `${id}-${fieldId(field)}`;
    const message = messageOf(field);
    return (
      <SearchItem
        key={`${fieldId(field)}-${generation}`}
        label={"required" in field && field.required ? `* ${field.label}` : field.label}
        wide={field.kind === "dateTimeRange"}
        htmlFor={"key" in field ? fid : undefined}
      >
        {control(field, fid, message !== undefined)}
        <span
          id={`${fid}-msg`}
          role={message ? "alert" : undefined}
          className="mt-0.5 block min-h-4 text-xs text-red-600"
        >
          {message ?? ""}
        </span>
      </SearchItem>
    );
  });

  function control(field: SearchField, fid: string, invalid: boolean): ReactNode {
    const describedBy = `${fid}-msg`;
    switch (field.kind) {
      case "text":
      case "vin":
      case "iccid":
      case "msisdn":
      case "tboxSerial": {
        const vin = field.kind === "vin";
        return (
          <input
            id={fid}
            className={inputClass(vin ? "w-full font-mono uppercase" : "w-full", invalid)}
            maxLength={MAX_LENGTH[field.kind]}
            placeholder={field.placeholder}
            aria-required={field.required || undefined}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            autoComplete="off"
            spellCheck={false}
            value={String(draft[field.key] ?? "")}
            onChange={(e) =>
              set({ [field.key]: vin ? normalizeVin(e.target.value).slice(0, VIN_LENGTH) : e.target.value })
            }
          />
        );
      }
      case "choice":
        if ("remote" in field)
          return field.remote(String(draft[field.key] ?? ""), (value) => set({ [field.key]: value }));
        return (
          <select
            id={fid}
            className={inputClass("w-full", invalid)}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            value={String(draft[field.key] ?? "")}
            onChange={(e) => set({ [field.key]: e.target.value })}
          >
            {field.showAll !== false && <option value="">{text.all}</option>}
            {field.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        );
      case "codes":
        return (
          <BrandTreeSelect
            label={field.label}
            loader={field.loader}
            value={(draft[field.key] ?? []) as BrandCodes}
            onChange={(codes) => set({ [field.key]: codes })}
          />
        );
      case "dateRange": {
        const [a, b] = field.keys;
        const range =
          typeof draft[a] === "number" && typeof draft[b] === "number" ? ([draft[a], draft[b]] as const) : null;
        return (
          <DateRangePicker
            label={field.label}
            modes={[field.mode]}
            value={range}
            dayMax={field.dayMax}
            onChange={([s, e]) => set({ [a]: s, [b]: e })}
          />
        );
      }
      case "dateTimeRange": {
        const [a, b] = field.keys;
        return (
          <DateTimeRangeField
            label={field.label}
            start={(draft[a] as number | null) ?? null}
            end={(draft[b] as number | null) ?? null}
            invalid={invalid}
            describedBy={describedBy}
            quick={field.quick}
            onChange={(s, e) => set({ [a]: s, [b]: e })}
            onTextProblem={(problem) =>
              setTextProblems((p) => {
                const { [fieldId(field)]: _old, ...rest } = p;
                return problem ? { ...rest, [fieldId(field)]: problem } : rest;
              })
            }
          />
        );
      }
      case "dayRange": {
        const [a, b] = field.keys;
        const day = (key: string, side: string) => (
          <input
            type="date"
            aria-label={`${field.label} ${side}`}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            className={inputClass("w-[9.5rem]", invalid)}
            value={String(draft[key] ?? "")}
            onChange={(e) => set({ [key]: e.target.value })}
          />
        );
        return (
          <span className="flex flex-wrap items-center gap-1">
            {day(a, text.start)}
            <span className="text-sm text-gray-600">{text.to}</span>
            {day(b, text.end)}
          </span>
        );
      }
      case "numberRange": {
        const [a, b] = field.keys;
        return (
          <NumberRangeInput
            label={field.label}
            value={[(draft[a] as number | null) ?? null, (draft[b] as number | null) ?? null]}
            onChange={([min, max]) => set({ [a]: min, [b]: max })}
          />
        );
      }
    }
  }

  return (
    <CollapsiblePanel
      label={text.searchForm}
      onSubmit={submit}
      actions={
        <>
          <button type="submit" className={buttonClass("primary")} disabled={blocked}>
            {submitLabel ?? text.query}
          </button>
          <button
            type="button"
            className={buttonClass("default")}
            onClick={() => {
              setDraft(defaults);
              setShown({});
              setTextProblems({});
              setGeneration((g) => g + 1);
            }}
          >
            {text.reset}
          </button>
          {renderActions?.(normalizeSearch(fields, draft), runnable)}
        </>
      }
    >
      {items}
    </CollapsiblePanel>
  );
}

function keysOf(field: SearchField): readonly string[] {
  return "keys" in field ? field.keys : [field.key];
}
