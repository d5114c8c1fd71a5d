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

/** Spec §9: selector page size 10. */
export const SELECT_PAGE_SIZE = 10;
