/**
 * Platform-wide constants (platform-shell.md §2 "Session guard", §9 "Business constants").
 * The spec leaves the platform name "not shown"; the shell's root route is titled
 * "operations management system", so that is the name every page title shows.
 */
export const PLATFORM_NAME = "车联网运营管理系统";

/** Local-storage key of the access token (business-areas.md §9). */
export const TOKEN_STORAGE_KEY = "wit-dashboard-token";

/** Request timeout (platform-shell.md §9 "Request timeout 60 s"). */
export const REQUEST_TIMEOUT_MS = 60_000;
/** Upload and download timeout (§9 "uploads and downloads 200 s"). */
export const TRANSFER_TIMEOUT_MS = 200_000;
/** Dialog confirm throttle (§5, §9 "once every 2 seconds"). */
export const DIALOG_CONFIRM_THROTTLE_MS = 2_000;
/** Table-height debounce (§9). */
export const TABLE_HEIGHT_DEBOUNCE_MS = 1_500;
/** Rich-text editor change delay (§9). */
export const EDITOR_CHANGE_DELAY_MS = 500;
/** Script chunk load timeout (§8, §9 "120 s"). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** Big screen design width (§2, §9). */
export const BIG_SCREEN_DESIGN_WIDTH = 3840;
/** Sidebar width in px (§9). */
export const SIDEBAR_WIDTH_PX = 240;
/** Form label width in px (§9 "Form defaults"). */
export const FORM_LABEL_WIDTH_PX = 120;
/** Form column span of 24 (§9 "column span 8 of 24"). */
export const FORM_COLUMN_SPAN = 8;
/** Import dialog width in px (§2). */
export const IMPORT_DIALOG_WIDTH_PX = 710;
/** ACL header of signed uploads by default (business-areas.md §7 "default public-read"). */
export const UPLOAD_ACL_DEFAULT = "public-read";
