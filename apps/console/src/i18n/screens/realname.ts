/**
 * The words of 实名认证, both locales side by side so they cannot drift; spread into
 * `zh-CN.ts` and `en.ts`. Keys start with "realname.".
 */
const zh = {} as const;

export const realnameText = {
  zh,
  en: {} satisfies Record<keyof typeof zh, string>,
};
