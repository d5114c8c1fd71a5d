/**
 * Platform-wide constants (platform-shell.md §2 "Session guard", §9 "Business constants").
 * The spec leaves the platform name "not shown"; the shell's root route is titled
 * "operations management system", so that is the name every page title shows.
 */
export const PLATFORM_NAME = "车联网运营管理系统";

/** Local-storage key of the access token (business-areas.md §9). */
export const TOKEN_STORAGE_KEY = "wit-dashboard-token";
