import * as d from "@tsp/domain";
import type { BadgeTone } from "@tsp/ui";
import type { MachineState } from "../../api/machinery";
import type { Translate } from "../../i18n/i18n";
import { catalogueEnum } from "../../kit/options";

/** The machine types of 机械信息, in the register's order. */
export const MACHINERY_TYPES = Object.keys(d.MACHINERY_TYPE_LABELS) as [
  keyof typeof d.MACHINERY_TYPE_LABELS,
  ...(keyof typeof d.MACHINERY_TYPE_LABELS)[],
];

/** The states' badge tones; the map's colours are the same tones' dots. */
export const STATE_TONES: Record<MachineState, BadgeTone> = {
  working: "green",
  online: "blue",
  alarm: "red",
  offline: "gray",
};

/** The map's colours per state (WCAG-contrast on white text of cluster counts). */
export const STATE_COLORS: Record<MachineState, string> = {
  working: "#15803d",
  online: "#1d4ed8",
  alarm: "#b91c1c",
  offline: "#4b5563",
};

/** A cluster takes the colour of the most important state inside: an alarm shows through. */
export const STATE_ORDER: readonly MachineState[] = ["alarm", "working", "online", "offline"];

/** The states and types as options and badges of the catalogue. */
export function machineEnums(t: Translate) {
  return {
    states: catalogueEnum(t, "machine.state", d.MACHINE_STATES, STATE_TONES),
    types: catalogueEnum(t, "machine.type", MACHINERY_TYPES),
  };
}

/** A number with its unit, or — when the machine has not reported it. */
export const valueText = (n: number | null | undefined, digits = 1) =>
  n === null || n === undefined ? "—" : String(Math.round(n * 10 ** digits) / 10 ** digits);
