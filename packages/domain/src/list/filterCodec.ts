import * as v from "valibot";

/**
 * A screen's filters as they live in the address (issue 13: "a screen declares its filter
 * schema once (valibot) and gets parse/format, shareable URLs and back/forward for free";
 * generalised from the journal's address codec).
 *
 * The schema is a valibot object whose entries each have a default
 * (`v.optional(schema, default)`), so every field always has a value. The codec reads an
 * entry's base type to know how its text is turned into a value: numbers, booleans, arrays
 * (repeated parameters) and strings. A value that does not pass its entry (a VIN of 20
 * characters, an unknown enum, `start=abc`) falls back to the default rather than being
 * guessed at; defaults are left out of the address so links stay short.
 */
export interface FilterCodec<S extends FilterSchema> {
  readonly schema: S;
  /** Every field at its default (what 重置 gives). */
  readonly defaults: v.InferOutput<S>;
  /** The filters of a query string (`a=1&b=2`, with or without the leading `?`). */
  parse(search: string): v.InferOutput<S>;
  /** The query string of the filters (no leading `?`); defaults and empty values are left out. */
  format(values: v.InferOutput<S>): string;
}

/** An object schema whose entries are each optional with a default. */
export type FilterSchema = v.ObjectSchema<Record<string, FilterEntry>, undefined>;

// biome-ignore lint/suspicious/noExplicitAny: valibot's own generic bound for any optional schema
type FilterEntry = v.OptionalSchema<v.GenericSchema<any>, any>;

type Kind = "number" | "boolean" | "array" | "string";

/** How the text of an entry becomes a value, from the entry's base type (optional/nullable/pipe unwrapped). */
function kindOf(entry: v.GenericSchema): Kind {
  let s = entry as v.GenericSchema & { wrapped?: v.GenericSchema };
  while (s.wrapped) s = s.wrapped as typeof s;
  if (s.type === "number") return "number";
  if (s.type === "boolean") return "boolean";
  if (s.type === "array") return "array";
  return "string";
}

/** The value of an entry's texts (at least one: an absent key never gets here); the last one counts for a single value. */
function fromText(kind: Kind, texts: readonly [string, ...string[]]): unknown {
  if (kind === "array") return texts;
  const text = texts[texts.length - 1] as string;
  if (kind === "number") return text.trim() === "" ? Number.NaN : Number(text);
  if (kind === "boolean") return text === "true" ? true : text === "false" ? false : text;
  return text;
}

/** Decodes one query-string component (`+` is a space, as forms send it); undecodable text stays as it is. */
function decode(text: string): string {
  const spaced = text.replace(/\+/g, " ");
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/**
 * The values of each key of a query string, in order. Written here rather than with
 * URLSearchParams because the domain runs without DOM or Node globals (its tsconfig has neither).
 */
function readQuery(search: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const pair of (search.startsWith("?") ? search.slice(1) : search).split("&")) {
    if (pair === "") continue;
    const at = pair.indexOf("=");
    const key = decode(at < 0 ? pair : pair.slice(0, at));
    const value = at < 0 ? "" : decode(pair.slice(at + 1));
    out.set(key, [...(out.get(key) ?? []), value]);
  }
  return out;
}

/** Equal values (arrays of plain values compare by their items). */
function same(a: unknown, b: unknown): boolean {
  return Array.isArray(a) && Array.isArray(b) ? JSON.stringify(a) === JSON.stringify(b) : a === b;
}

/** Builds the codec of a filter schema (see {@link FilterCodec}). */
export function filterCodec<S extends FilterSchema>(schema: S): FilterCodec<S> {
  const entries = Object.entries(schema.entries);
  const defaults = Object.fromEntries(entries.map(([key, entry]) => [key, v.getDefault(entry)])) as v.InferOutput<S>;
  return {
    schema,
    defaults,
    parse(search) {
      const params = readQuery(search);
      const out: Record<string, unknown> = {};
      for (const [key, entry] of entries) {
        const texts = params.get(key) as [string, ...string[]] | undefined;
        const parsed = texts === undefined ? undefined : v.safeParse(entry, fromText(kindOf(entry), texts));
        out[key] = parsed?.success ? parsed.output : v.getDefault(entry);
      }
      return out as v.InferOutput<S>;
    },
    format(values) {
      const parts: string[] = [];
      const add = (key: string, value: unknown) =>
        parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
      const record = values as Record<string, unknown>;
      for (const [key, entry] of entries) {
        const value = record[key];
        if (value === undefined || value === null || value === "" || same(value, v.getDefault(entry))) continue;
        if (Array.isArray(value)) for (const item of value) add(key, item);
        else add(key, value);
      }
      return parts.join("&");
    },
  };
}

/** A free-text filter, trimmed; empty by default. */
export function textFilter(maxLength = 100) {
  return v.optional(v.pipe(v.string(), v.trim(), v.maxLength(maxLength)), "");
}

/** A filter that is one of `options`, or `fallback` (by default the empty string: "any"). */
export function choiceFilter<const T extends readonly [string, ...string[]]>(
  options: T,
): v.OptionalSchema<v.UnionSchema<[v.PicklistSchema<T, undefined>, v.LiteralSchema<"", undefined>], undefined>, "">;
export function choiceFilter<const T extends readonly [string, ...string[]], const F extends T[number]>(
  options: T,
  fallback: F,
): v.OptionalSchema<v.PicklistSchema<T, undefined>, F>;
export function choiceFilter(options: readonly [string, ...string[]], fallback?: string) {
  return fallback === undefined
    ? v.optional(v.union([v.picklist(options), v.literal("")]), "")
    : v.optional(v.picklist(options), fallback);
}

/** A point in time as epoch milliseconds (exact in every time zone, the unit the calls take); null when unset. */
export function timeFilter() {
  return v.optional(v.nullable(v.pipe(v.number(), v.safeInteger(), v.minValue(0))), null);
}

/** A whole number filter (e.g. a bound of a number range); null when unset. */
export function countFilter(max = 999999) {
  return v.optional(v.nullable(v.pipe(v.number(), v.safeInteger(), v.minValue(0), v.maxValue(max))), null);
}

/** A list of codes (e.g. brand / series / model of the brand tree); empty by default. */
export function codesFilter(maxItems = 3) {
  return v.optional(v.pipe(v.array(v.pipe(v.string(), v.minLength(1), v.maxLength(64))), v.maxLength(maxItems)), []);
}

/** A yes/no filter with its default. */
export function flagFilter(fallback: boolean) {
  return v.optional(v.boolean(), fallback);
}
