import { clsx } from "clsx";

/**
 * The kit's look in one place (DESIGN.md: dense back office): 14 px text, 32 px controls,
 * neutral greys and one accent (blue-600). Every widget composes these so they stay alike.
 */
export const controlBase =
  "h-8 rounded border border-gray-300 bg-white px-2 text-sm text-gray-800 placeholder:text-gray-400 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/20 disabled:cursor-not-allowed disabled:bg-gray-100 disabled:text-gray-400";

/** Visual weight of a button. */
export type ButtonVariant = "primary" | "default" | "danger" | "link";

/** Classes of a 32 px button in one of the kit's variants. */
export function buttonClass(variant: ButtonVariant = "default", extra?: string): string {
  return clsx(
    "inline-flex h-8 items-center justify-center gap-1 rounded px-3 text-sm whitespace-nowrap focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600/40 disabled:cursor-not-allowed disabled:opacity-50",
    variant === "primary" && "bg-blue-600 text-white hover:bg-blue-700",
    variant === "default" && "border border-gray-300 bg-white text-gray-700 hover:border-blue-600 hover:text-blue-600",
    variant === "danger" && "bg-red-600 text-white hover:bg-red-700",
    variant === "link" && "h-auto px-1 text-blue-600 hover:underline",
    extra,
  );
}

/** Classes of a text input or select trigger. */
export function inputClass(extra?: string, invalid = false): string {
  return clsx(controlBase, invalid && "border-red-500 focus:border-red-500 focus:ring-red-500/20", extra);
}

/** Label text beside a form control. */
export const labelClass = "text-sm text-gray-600";

/** A floating list (dropdown, autocomplete). */
export const popoverListClass =
  "z-50 max-h-64 w-max min-w-[max(var(--input-width,12rem),var(--button-width,12rem))] max-w-[32rem] overflow-auto rounded border border-gray-200 bg-white py-1 text-sm shadow-lg focus:outline-none empty:invisible";

/** One option in a floating list. */
export const optionClass =
  "flex cursor-pointer items-center px-3 py-1.5 text-gray-700 data-[focus]:bg-blue-50 data-[focus]:text-blue-700 data-[selected]:font-medium data-[disabled]:cursor-not-allowed data-[disabled]:text-gray-300";
