import type { Brand, SearchFieldRule } from "@tsp/domain";
import type { ReactNode } from "react";
import type { SelectOption } from "../select/types";

type Rule<K extends SearchFieldRule["kind"]> = Extract<SearchFieldRule, { kind: K }>;

/**
 * One field of a {@link SearchForm}: the domain's rule (which keys, what is required) plus
 * what the widget needs to show it. Declared once per screen.
 */
export type SearchField =
  | (Rule<"text" | "vin" | "iccid" | "msisdn" | "tboxSerial"> & { placeholder?: string })
  | (Rule<"choice"> & {
      options: readonly SelectOption[];
      /** Offer 全部 (the empty value) first; true unless the choice always has a value (an order). */
      showAll?: boolean;
    })
  | (Rule<"choice"> & {
      /** A remote select (the spec's pickers): renders the control for the value. */
      remote: (value: string, onChange: (value: string) => void) => ReactNode;
    })
  | (Rule<"codes"> & { loader: () => Promise<Brand[]> })
  | Rule<"dateRange">
  | Rule<"dayRange">
  | (Rule<"dateTimeRange"> & { quick?: boolean })
  | Rule<"numberRange">;
