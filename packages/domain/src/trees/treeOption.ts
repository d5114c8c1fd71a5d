/** A node of a tree select or cascader: value, label, children (platform-shell.md §3 "Select option: label and value"). */
export interface TreeOption {
  readonly value: string;
  readonly label: string;
  readonly children?: readonly TreeOption[];
}

/** A flat select option (§3 "Select option: label and value"). */
export interface SelectOption<V = string> {
  readonly label: string;
  readonly value: V;
}
