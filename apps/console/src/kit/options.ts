import type { BadgeTone, SelectOption } from "@tsp/ui";
import type { MessageKey, Translate } from "../i18n/i18n";

/**
 * The options of an enum from the catalogue: `prefix.value` names each (e.g. `sim.status.active`),
 * so a select, a badge and both languages read the same words. A key the catalogue lacks is a
 * programming slip caught by the screen's test (its label would show the key).
 */
export function optionsOf(t: Translate, prefix: string, values: readonly string[]): SelectOption[] {
  return values.map((value) => ({ value, label: t(`${prefix}.${value}` as MessageKey) }));
}

/** Badge labels of an enum column from its options and a tone per value. */
export function badgesOf(
  options: readonly SelectOption[],
  tones: Readonly<Record<string, BadgeTone>>,
): Record<string, { label: string; tone: BadgeTone }> {
  return Object.fromEntries(options.map((o) => [o.value, { label: o.label, tone: tones[o.value] ?? "gray" }]));
}

/** An enum as the screens use it: its select options and its badges, from the catalogue. */
export function catalogueEnum(
  t: Translate,
  prefix: string,
  values: readonly string[],
  tones: Readonly<Record<string, BadgeTone>> = {},
): { options: SelectOption[]; badges: Record<string, { label: string; tone: BadgeTone }> } {
  const options = optionsOf(t, prefix, values);
  return { options, badges: badgesOf(options, tones) };
}
