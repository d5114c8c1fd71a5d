/**
 * VIN校验失败记录: logins the gateway refused or flagged, by reason. `vin-unknown` and
 * `vin-duplicate` are the gateway's own stored statuses; `iccid-mismatch` is a login the gateway
 * accepted whose ICCID differs from the card the vehicle's master data binds.
 */
export const VIN_CHECK_REASON_LABELS = {
  "vin-unknown": "VIN未登记",
  "vin-duplicate": "VIN重复登入",
  "iccid-mismatch": "ICCID与档案不符",
} as const;
export type VinCheckReason = keyof typeof VIN_CHECK_REASON_LABELS;
export const VIN_CHECK_REASONS = [
  "vin-unknown",
  "vin-duplicate",
  "iccid-mismatch",
] as const satisfies readonly VinCheckReason[];

/** The detail line of a failure, from what the login carried and what the master data holds. */
export function vinCheckDetail(reason: VinCheckReason, loginIccid: string | null, filedIccid: string | null): string {
  if (reason === "vin-unknown") return "该VIN不在任何单位的车辆档案中，网关已拒绝登入";
  if (reason === "vin-duplicate") return "该VIN已在另一连接登入，网关已拒绝本次登入";
  return `登入ICCID ${loginIccid ?? "无"}，档案ICCID ${filedIccid ?? "无"}`;
}
