/**
 * The words of 新能源备案信息（备案基础信息、备案车辆信息）, both locales side by side so they cannot drift; spread into
 * `zh-CN.ts` and `en.ts`. Keys start with "ner.".
 */
const zh = {} as const;

export const nerText = {
  zh,
  en: {} satisfies Record<keyof typeof zh, string>,
};
