// The messages of the error catalogue (platform-shell.md §8, business-areas.md §8) and the
// other quoted texts, exactly as the spec quotes them.

/** Geocoding failure. */
export const MSG_GEOCODE_FAILED = "地理位置解析失败";
/** Address lookup failure (a warning). */
export const MSG_ADDRESS_LOOKUP_FAILED = "根据经纬度查询车辆位置失败";
/** Missing video source. */
export const MSG_NO_VIDEO = "暂无视频资源！";
/** Image load failure alt text. */
export const MSG_IMAGE_LOAD_FAILED = "加载失败";
/** Empty chart / table. */
export const MSG_NO_DATA = "暂无数据";
/** Empty address in the address dialog. */
export const MSG_NO_VEHICLE_LOCATION = "暂无车辆位置";
/** Title of the address dialog (§2). */
export const ADDRESS_DIALOG_TITLE = "地址详情";
/** Fallback text of a failed call (§8 "fallback text: request failed"). */
export const MSG_REQUEST_FAILED = "请求失败";
/**
 * After an export call (§7 "export task submitted, please check the export file list"); the
 * spec gives it in English, this is the Chinese the console shows.
 */
export const MSG_EXPORT_SUBMITTED = "导出任务已提交，请到导出文件列表查看";
/** Script chunk load failure after the chunk timeout (§8). */
export const MSG_CHUNK_LOAD_FAILED = "页面资源加载失败，请刷新重试";
