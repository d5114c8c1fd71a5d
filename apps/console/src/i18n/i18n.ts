import { atom, useAtomValue } from "jotai";
import { en } from "./en";
import { type MessageKey, zhCN } from "./zh-CN";

/** Locales of the console; zh-CN is the default (the product's interface language). */
export type Locale = "zh-CN" | "en";

const catalogues: Record<Locale, Record<MessageKey, string>> = { "zh-CN": zhCN, en };
/** localStorage key of the chosen locale. */
export const LOCALE_STORAGE_KEY = "tsp-console-locale";

/** The remembered locale, zh-CN unless English was chosen. */
export function readStoredLocale(storage: Pick<Storage, "getItem"> | undefined = globalThis.localStorage): Locale {
  try {
    return storage?.getItem(LOCALE_STORAGE_KEY) === "en" ? "en" : "zh-CN";
  } catch {
    return "zh-CN";
  }
}

/** Text of `key` in `locale`, with `{name}` placeholders filled from `params`. */
export function translate(locale: Locale, key: MessageKey, params?: Record<string, string | number>): string {
  const text = catalogues[locale][key];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** The current locale (shell state). */
export const localeAtom = atom<Locale>(readStoredLocale());

/** The translate function of a translator bound to one locale. */
export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** `t()` for the current locale. */
export function useT(): Translate {
  const locale = useAtomValue(localeAtom);
  return (key, params) => translate(locale, key, params);
}

export type { MessageKey };
