/**
 * The words of 车辆监控列表, both locales side by side so they cannot drift; spread into
 * `zh-CN.ts` and `en.ts`. Keys start with "monitor.".
 */
const zh = {} as const;

export const monitorText = {
  zh,
  en: {} satisfies Record<keyof typeof zh, string>,
};
