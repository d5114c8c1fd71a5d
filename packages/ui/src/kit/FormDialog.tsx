import { checkRecord, type RecordSchema } from "@tsp/domain";
import { useId, useState } from "react";
import { Dialog } from "../dialog/Dialog";
import type { SelectOption } from "../select/types";
import { inputClass } from "../theme/classes";
import { useUiText } from "./uiText";

/** One field of a {@link FormDialog}. */
export interface FormField {
  key: string;
  label: string;
  /**
   * text and textarea give strings, number a number, select one of its options, date
   * `yyyy-MM-dd`; a field left empty gives null (not filled in), so the schema decides.
   * lines gives a list of strings, one per line (codes of battery packs, motors…; blank lines
   * dropped, an empty box an empty list). password is a text box that hides what is typed;
   * checkbox gives true or false; checks gives the list of the ticked options' values.
   */
  kind: "text" | "textarea" | "number" | "select" | "date" | "lines" | "password" | "checkbox" | "checks";
  /** select and checks give numbers (ids) rather than the options' strings. */
  numeric?: boolean;
  /** Values offered while typing in a text box (a datalist: the box still takes any text). */
  suggestions?: readonly string[];
  options?: readonly SelectOption[];
  required?: boolean;
  /** Shown, not editable (the record's key). */
  readOnly?: boolean;
  maxLength?: number;
  placeholder?: string;
}

/** Messages by field key. */
export type FieldErrors = Readonly<Record<string, string>>;

/** Props of {@link FormDialog}. */
export interface FormDialogProps<V extends Record<string, unknown>> {
  open: boolean;
  title: string;
  fields: readonly FormField[];
  initial: V;
  /** The domain's schema of the edit: its messages show under the fields, and nothing is sent while one shows. */
  schema: RecordSchema<V>;
  /**
   * Saves; answers null when saved (the dialog closes) or the server's messages by field
   * (`failDetail[].field`), shown under the fields with the dialog left open and the draft kept.
   */
  onSubmit: (values: V) => Promise<FieldErrors | null>;
  onClose: () => void;
  width?: number;
}

/**
 * The screen kit's edit form (issue 13): the fields of a record in a dialog, validated by the
 * domain's valibot schema before anything is sent (the server enforces the same rules), the
 * server's field messages mapped back onto the fields, the confirm throttled (spec §5) and
 * disabled while saving. The first invalid field takes the focus.
 */
export function FormDialog<V extends Record<string, unknown>>({
  open,
  title,
  fields,
  initial,
  schema,
  onSubmit,
  onClose,
  width = 640,
}: FormDialogProps<V>) {
  const id = useId();
  const text = useUiText();
  const [draft, setDraft] = useState<Record<string, unknown>>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  const focusFirst = (found: FieldErrors) => {
    const first = fields.find((f) => found[f.key]);
    if (first) document.getElementById(`${id}-${first.key}`)?.focus();
  };

  const save = async () => {
    if (saving) return;
    // A lines box holds its text while typed (so a new line stays); the record gets the list.
    const record = Object.fromEntries(
      Object.entries(draft).map(([key, value]) => [
        key,
        typeof value === "string" && fields.some((f) => f.key === key && f.kind === "lines") ? linesOf(value) : value,
      ]),
    );
    const checked = checkRecord(schema, record);
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirst(checked.errors);
      // Nothing was sent: the dialog's 2-s confirm throttle lets the corrected form go at once.
      return false;
    }
    setSaving(true);
    try {
      const refused = await onSubmit(checked.value);
      if (refused) {
        setErrors(refused);
        focusFirst(refused);
      }
    } finally {
      setSaving(false);
    }
  };

  const control = (f: FormField) => {
    const fid = `${id}-${f.key}`;
    const error = errors[f.key];
    const common = {
      id: fid,
      "aria-invalid": error ? true : undefined,
      "aria-required": f.required || undefined,
      "aria-describedby": `${fid}-msg`,
      disabled: f.readOnly,
    } as const;
    const set = (value: unknown) => {
      setDraft((d) => ({ ...d, [f.key]: value }));
      setErrors(({ [f.key]: _gone, ...rest }) => rest);
    };
    const raw = draft[f.key];
    const typed = (value: string) => (f.numeric ? Number(value) : value);
    if (f.kind === "checkbox")
      return (
        <input
          {...common}
          type="checkbox"
          className="h-4 w-4 self-start"
          checked={raw === true}
          onChange={(e) => set(e.target.checked)}
        />
      );
    if (f.kind === "checks") {
      const ticked = Array.isArray(raw) ? raw.map(String) : [];
      return (
        <fieldset
          id={fid}
          aria-invalid={common["aria-invalid"]}
          aria-describedby={common["aria-describedby"]}
          aria-labelledby={`${fid}-label`}
          className={inputClass("flex h-auto min-h-8 w-full flex-wrap gap-x-4 gap-y-1 py-1", !!error)}
        >
          {(f.options ?? []).map((o) => (
            <label key={o.value} className="flex items-center gap-1 text-sm">
              <input
                type="checkbox"
                disabled={f.readOnly}
                checked={ticked.includes(o.value)}
                onChange={(e) =>
                  set((e.target.checked ? [...ticked, o.value] : ticked.filter((x) => x !== o.value)).map(typed))
                }
              />
              {o.label}
            </label>
          ))}
        </fieldset>
      );
    }
    if (f.kind === "select")
      return (
        <select
          {...common}
          className={inputClass("w-full", !!error)}
          value={String(raw ?? "")}
          onChange={(e) => set(e.target.value ? typed(e.target.value) : null)}
        >
          <option value="">{f.placeholder ?? "—"}</option>
          {(f.options ?? []).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      );
    if (f.kind === "lines")
      return (
        <textarea
          {...common}
          className={inputClass("h-20 w-full py-1 font-mono", !!error)}
          placeholder={f.placeholder}
          value={Array.isArray(raw) ? raw.join("\n") : String(raw ?? "")}
          onChange={(e) => set(e.target.value)}
        />
      );
    if (f.kind === "textarea")
      return (
        <textarea
          {...common}
          className={inputClass("h-20 w-full py-1", !!error)}
          maxLength={f.maxLength}
          value={String(raw ?? "")}
          onChange={(e) => set(e.target.value === "" ? null : e.target.value)}
        />
      );
    const listId = f.suggestions && f.suggestions.length > 0 ? `${fid}-list` : undefined;
    return (
      <>
        <input
          {...common}
          list={listId}
          type={f.kind === "date" ? "date" : f.kind === "password" ? "password" : "text"}
          autoComplete={f.kind === "password" ? "new-password" : undefined}
          inputMode={f.kind === "number" ? "decimal" : undefined}
          className={inputClass("w-full", !!error)}
          maxLength={f.maxLength}
          placeholder={f.placeholder}
          value={raw === null || raw === undefined ? "" : String(raw)}
          onChange={(e) => {
            const t = e.target.value;
            set(t.trim() === "" ? null : f.kind === "number" ? Number(t) : t);
          }}
        />
        {listId && (
          <datalist id={listId}>
            {f.suggestions?.map((s) => (
              <option key={s} value={s} />
            ))}
          </datalist>
        )}
      </>
    );
  };

  return (
    <Dialog open={open} title={title} width={width} onClose={onClose} onConfirm={save} confirmDisabled={saving}>
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
        {fields.map((f) => (
          <div key={f.key} className="flex flex-col gap-1">
            {/* A group of checkboxes is named by its label's id (a label's `for` names one control). */}
            {f.kind === "checks" ? (
              <span id={`${id}-${f.key}-label`} className="text-sm text-gray-600">
                {f.required ? `* ${f.label}` : f.label}
              </span>
            ) : (
              <label htmlFor={`${id}-${f.key}`} className="text-sm text-gray-600">
                {f.required ? `* ${f.label}` : f.label}
              </label>
            )}
            {control(f)}
            <span
              id={`${id}-${f.key}-msg`}
              role={errors[f.key] ? "alert" : undefined}
              className="min-h-4 text-xs text-red-600"
            >
              {errors[f.key] ?? ""}
            </span>
          </div>
        ))}
        {/* Enter in a box submits; the dialog's own 确定 does the same. */}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1}>
          {text.confirm}
        </button>
      </form>
    </Dialog>
  );
}

/**
 * The entries of a lines box: one per line (a paste with commas or semicolons is split the
 * same way), trimmed, blank ones dropped.
 */
export function linesOf(text: string): string[] {
  return text
    .split(/[\n,;，；]/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
}
