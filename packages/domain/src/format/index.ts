// Display formats (platform-shell.md §9).
export { formatMoney } from "./money";
