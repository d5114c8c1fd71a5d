import { sql } from "kysely";
import { firstRows, numberedPage, where } from "../../../platform/listQuery";
import { defineHandler } from "../../defineHandler";
import "../baseInfoRest/tables";
import { maskName } from "../seed/identifiers";

/** The machinery register's columns the pickers answer (openapi Machinery). */
const COLUMNS = ["vin", "mein", "brand", "series", "cpxh", "cpbh", "jjxh", "owner_name"] as const;
type Picked = Record<(typeof COLUMNS)[number], string | null>;

/**
 * A machine of 机械信息 as the pickers answer it: `model` is its product model (the register
 * keeps one model, 产品型号), text unknown as "", the owner's name masked as the pickers show
 * people (a company's name too: a picker is no place to read who owns what).
 */
const toMachinery = (r: Picked) => ({
  vin: r.vin ?? "",
  mein: r.mein ?? "",
  brand: r.brand ?? "",
  series: r.series ?? "",
  model: r.cpxh ?? "",
  cpxh: r.cpxh ?? "",
  cpbh: r.cpbh ?? "",
  jjxh: r.jjxh ?? "",
  ownerName: r.owner_name === null ? null : maskName(r.owner_name),
});

const byVin = { order: ["vin", "tenant_id"] } as const;

/**
 * findMeinListByDim: the machinery picker (platform-shell.md §7: vin, oemId, unBindOwner,
 * brand, series, model, cpxh, cpbh, jjxh) over the machinery register (base info › 机械信息,
 * bss_machinery_info). The VIN (PIN) is a substring; brand, series, the product model
 * (`model` or `cpxh`) and the codes match exactly, as the picker passes chosen values;
 * `oemId` is the maker whose name is the machine's 生产企业; `unBindOwner` the machines
 * without an owner.
 */
export const findMeinListByDim = defineHandler<"findMeinListByDim">(async ({ query, principal }, ctx) => {
  let q = where(ctx.db.selectFrom("bss_machinery_info"), {
    tenant: ["bss_machinery_info.tenant_id", principal],
    filters: (f) => [
      f.contains("vin", query.vin),
      f.isNull("owner_name", query.unBindOwner),
      f.exact("cpxh", query.model),
      ...(["brand", "series", "cpxh", "cpbh", "jjxh"] as const).map((key) => f.exact(key, query[key])),
    ],
  });
  if (query.oemId !== undefined)
    q = q.where(sql<boolean>`manufacturer = (select name from bss_oem where id = ${query.oemId})`);
  return numberedPage(q, query, byVin, (s) => s.select(COLUMNS), toMachinery);
});

/** listNongjiNoPage: machinery of 机械信息 matching `keyWords` (PIN, serial, product model, 环保代码): the first 200 and the total (more exist when it is larger). */
export const listNongjiNoPage = defineHandler<"listNongjiNoPage">(async ({ query, principal }, ctx) => {
  const q = where(ctx.db.selectFrom("bss_machinery_info"), {
    tenant: ["bss_machinery_info.tenant_id", principal],
    filters: (f) => [f.keyword(["vin", "cpbh", "cpxh", "mein"], query.keyWords)],
  });
  return firstRows(q, byVin, (s) => s.select(COLUMNS), toMachinery);
});
