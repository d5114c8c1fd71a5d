/** The one permission string the spec shows (platform-shell.md §2, §6). */
export const LOGIN_LOG_EXPORT_PERMISSION = "/tbox/loginJournal/loginLog/export";

/**
 * Warning for an element that requires no permission at all (platform-shell.md §6 "An empty
 * permission requirement prints a warning"). Developer-facing, so it names the fix.
 */
export const MSG_EMPTY_PERMISSION = "权限要求为空：请指定需要的按钮权限，例如 ['/tbox/loginJournal/loginLog/export']";

/** Answer of {@link checkButtonPermission}. */
export type PermissionCheck = { readonly allowed: boolean; readonly warning?: string };

/**
 * Whether the user's buttonApis allow an element (platform-shell.md §6): allowed when any of
 * the required permissions is in the list. An empty requirement is a programming mistake: not
 * allowed, with {@link MSG_EMPTY_PERMISSION} for the console to log.
 */
export function checkButtonPermission(
  buttonApis: readonly string[],
  required: string | readonly string[],
): PermissionCheck {
  const needed = (typeof required === "string" ? [required] : required).filter((p) => p.length > 0);
  if (needed.length === 0) return { allowed: false, warning: MSG_EMPTY_PERMISSION };
  return { allowed: needed.some((p) => buttonApis.includes(p)) };
}

/** The same check as true/false (§6 "the same check is available as true/false"). */
export function hasButtonPermission(buttonApis: readonly string[], required: string | readonly string[]): boolean {
  return checkButtonPermission(buttonApis, required).allowed;
}
