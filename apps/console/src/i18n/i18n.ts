import { atom, useAtomValue } from "jotai";
import { en } from "./en";
import type { ScreenMessageKey } from "./screenKeys";
import { type CoreMessageKey, zhCN } from "./zh-CN";

/** Locales of the console; zh-CN is the default (the product's interface language). */
export type Locale = "zh-CN" | "en";

/** A key of the console's words: the shell's and kit's, or a screen area's. */
export type MessageKey = CoreMessageKey | ScreenMessageKey;

/**
 * The words known so far, per locale. The shell's and the kit's are here from the start; an
 * area's (`screens/<area>.ts`, 2,500 texts in both locales, most of the console's words) join
 * when a screen that imports them loads, so they travel in the screens' chunks and not in the
 * first screen's JavaScript. Which screen imports which catalogue is checked by
 * `tests/tooling/screenTexts.test.ts` from the source.
 */
const catalogues: Record<Locale, Record<string, string>> = { "zh-CN": { ...zhCN }, en: { ...en } };

/** Adds an area's words in both locales (a catalogue file calls it when imported). */
export function registerTexts(texts: {
  zh: Readonly<Record<string, string>>;
  en: Readonly<Record<string, string>>;
}): void {
  Object.assign(catalogues["zh-CN"], texts.zh);
  Object.assign(catalogues.en, texts.en);
}
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
  if (text === undefined) {
    // A screen using an area's words without importing their catalogue: shown as the key, and
    // loud, so the browser suites (which fail on any console error) and the tooling test see it.
    console.error(`message text not loaded: ${key}`);
    return key;
  }
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
