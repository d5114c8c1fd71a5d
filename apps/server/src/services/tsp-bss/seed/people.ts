import { chinaDate } from "@tsp/domain";
import type { Rng } from "../../../seed/rng";

/** Demo people and companies of the tsp-bss seed (masked like the spec's owner names). */
const SURNAMES = ["张", "王", "李", "赵", "陈", "刘", "杨", "黄", "周", "吴", "欧阳"];
const GIVEN = ["伟", "芳", "娜", "敏", "静", "磊", "洋", "勇", "军", "杰"];
export const COMPANIES = [
  "鹏程新能源运输有限公司",
  "绿源城市配送有限公司",
  "顺达网约车服务有限公司",
  "恒通汽车租赁有限公司",
];
export const DAY = 24 * 3600 * 1000;

export const person = (rng: Rng) => `${rng.pick(SURNAMES)}${rng.pick(GIVEN)}${rng.pick(GIVEN)}`;
/** yyyy-MM-dd in China time. */
export const dateOf = chinaDate;
