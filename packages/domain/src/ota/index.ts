// OTA升级 campaigns and the vehicle version journal (issue 17 / issue 20, designed).
export * from "./ota";
