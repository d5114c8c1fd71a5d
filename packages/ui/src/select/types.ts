/** Select option (spec §3: label and value). */
export interface SelectOption {
  label: string;
  value: string;
}

/** A page of a remote list (spec §7: "All read list and total"). */
export interface RemotePage<T> {
  list: T[];
  total: number;
}

/** Spec §9: selector page size 10 (the domain's constant). */
export { SELECTOR_PAGE_SIZE as SELECT_PAGE_SIZE } from "@tsp/domain";
