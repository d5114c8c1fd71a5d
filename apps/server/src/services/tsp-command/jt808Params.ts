import { encodeJt808ParamQuery, jt808GeneralParamItems, jt808GeneralParamProblem } from "@tsp/domain";
import { badRequest } from "../../http/envelope";
import { defineHandler } from "../defineHandler";
import { queueAv } from "./audioVideo";

/** 400 with the domain's Chinese message on the field it is about. */
const refuse = (field: string, msg: string) => badRequest(msg, [{ field, msg }]);

/**
 * sendJt808ParamQuery: no ids (or none given) is 0x8104 — every parameter; ids are 0x8106 of
 * those, checked by the domain's encoder. The terminal's 0x0104 is read with the domain's table.
 */
export const sendJt808ParamQuery = defineHandler<"sendJt808ParamQuery">(async ({ body, principal }, ctx) => {
  const ids = body.ids ?? [];
  if (new Set(ids).size !== ids.length) throw refuse("ids", "参数ID不能重复");
  if (ids.length > 0) {
    const check = encodeJt808ParamQuery(ids);
    if (!check.ok) throw refuse("ids", check.error.message);
  }
  return queueAv(
    ctx,
    principal,
    body.vin,
    "jt808ParamQuery",
    { ids },
    body.ttlSeconds,
    "终端参数查询（0x8104/0x8106）",
  );
});

/** sendJt808ParamSet: every value checked by the domain's table (its message names the parameter), then 0x8103. */
export const sendJt808ParamSet = defineHandler<"sendJt808ParamSet">(async ({ body, principal }, ctx) => {
  const params = body.params.map((p) => ({ id: p.id, value: p.value }));
  if (new Set(params.map((p) => p.id)).size !== params.length) throw refuse("params", "同一参数不能设置两次");
  for (const [i, p] of params.entries()) {
    const problem = jt808GeneralParamProblem(p.id, p.value);
    if (problem) throw refuse(`params[${i}].value`, problem);
  }
  const items = jt808GeneralParamItems(params);
  if (!items.ok) throw refuse("params", items.error.message);
  return queueAv(
    ctx,
    principal,
    body.vin,
    "jt808ParamSet",
    { jt808Params: params },
    body.ttlSeconds,
    "终端参数设置（0x8103）",
  );
});
