// The monitoring list of 新能源车辆监控 (issue 14): kinds of watch, pasted VIN lists, the notification setting.
export * from "./monitorInform";
export * from "./monitorList";
