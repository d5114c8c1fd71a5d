import {
  FILINGS,
  type FilingAction,
  type FilingKind,
  type FilingStatus,
  isFilingDeletable,
  isFilingEditable,
  isFilingStatus,
  moveFiling,
  msgFilingNotDeletable,
  msgFilingNotEditable,
  msgRegisterNotFound,
  type RegisterDef,
  registerKey,
} from "@tsp/domain";
import { type Kysely, type SqlBool, sql } from "kysely";
import type { AppContext } from "../../../context";
import { badRequest, conflict, notFound, ok } from "../../../http/envelope";
import type { Handler } from "../../types";
import { actorOf, must } from "../actor";
import { columnOf, type RegisterService, serveRegister } from "../registers/register";
import type { FilingRow } from "./tables";

/** The table and the operation names of each filing (openapi tsp-bss, tags nr4<Kind>). */
const KINDS: Readonly<Record<FilingKind, { table: string; one: string; many: string }>> = {
  chipModel: { table: "nr4_chip_filing", one: "ChipModelFiling", many: "ChipModelFilings" },
  terminalModel: { table: "nr4_terminal_model_filing", one: "TerminalModelFiling", many: "TerminalModelFilings" },
  machineRecord: { table: "nr4_machine_filing", one: "MachineFiling", many: "MachineFilings" },
  terminalReplaceRecord: {
    table: "nr4_terminal_replace_filing",
    one: "TerminalReplaceFiling",
    many: "TerminalReplaceFilings",
  },
};

const machinery = { table: "bss_machinery_info", column: "vin", msg: (pin: string) => `机械${pin}未在机械信息中登记` };
const terminal = (field: string) => ({
  field,
  table: "bss_black_box",
  column: "terminal_id",
  msg: (id: string) => `监管终端${id}未在监管终端管理中登记`,
});

/** A stored row's state (the column's check keeps it one of the six). */
const statusOf = (row: Record<string, unknown>): FilingStatus => (isFilingStatus(row.status) ? row.status : "draft");

/**
 * Each filing served by the register piece (list, detail, create, edit, delete, export, import,
 * template): the state fields are read-only there; an edit is refused unless the filing is a
 * draft or rejected, a delete unless a draft. What a filing names must exist in the tenant:
 * a terminal model's chip model is a filed chip model, a machine is in 机械信息, terminals are
 * in 监管终端管理.
 */
export const FILING_SERVICES: readonly RegisterService[] = (Object.keys(KINDS) as FilingKind[]).map((kind) => {
  const { table, one, many } = KINDS[kind];
  return {
    def: FILINGS[kind],
    table,
    filters: ["status"],
    references:
      kind === "terminalModel"
        ? [
            {
              field: "chipModel",
              table: "nr4_chip_filing",
              column: "chip_model",
              msg: (m) => `芯片型号${m}未在芯片型号备案中登记`,
            },
          ]
        : kind === "machineRecord"
          ? [{ field: "pin", ...machinery }, terminal("terminalId")]
          : kind === "terminalReplaceRecord"
            ? [{ field: "pin", ...machinery }, terminal("oldTerminalId"), terminal("newTerminalId")]
            : [],
    usedBy:
      kind === "chipModel"
        ? [
            {
              table: "nr4_terminal_model_filing",
              column: "chip_model",
              msg: (n: number) => `该芯片型号已被${n}个终端型号备案引用，不能删除`,
            },
          ]
        : [],
    refuseEdit: (row) => (isFilingEditable(statusOf(row)) ? null : msgFilingNotEditable(statusOf(row))),
    refuseDelete: (row) => (isFilingDeletable(statusOf(row)) ? null : msgFilingNotDeletable(statusOf(row))),
    ops: {
      list: `list${many}`,
      get: `get${one}`,
      create: `create${one}`,
      update: `update${one}`,
      delete: `delete${one}`,
      export: `export${many}`,
      import: `import${many}`,
      template: `download${one}Template`,
    },
  };
});

type Db = Kysely<Record<string, FilingRow>>;

/** The operations an operator moves a filing with (submit, approve, reject, resubmit). */
const ACTIONS = ["submit", "approve", "reject", "resubmit"] as const satisfies readonly FilingAction[];

/**
 * One transition call of one filing: the filing `key` of the caller's tenants (its own tenant's
 * first), locked; the domain's `moveFiling` says whether its state allows the action (409
 * otherwise) and checks the reason (400); the new state, its reason and the version are saved.
 * Answers the filing as the list shows it.
 */
function transition(def: RegisterDef, table: string, action: FilingAction, read: Handler): Handler {
  const keyColumn = columnOf(registerKey(def).key);
  return async (req, ctx: AppContext) => {
    const p = must(req.principal);
    const body = (req.body ?? {}) as { key?: unknown; reason?: unknown };
    const key = String(body.key ?? "");
    const actor = await actorOf(p, ctx);
    const db = ctx.db as unknown as Db;
    await db.transaction().execute(async (trx) => {
      const row = (await trx
        .selectFrom(table)
        .selectAll()
        .where(sql.ref(keyColumn), "=", key)
        .where(sql<SqlBool>`tenant_id in (${sql.join(p.tenantIds.length > 0 ? p.tenantIds : [-1])})`)
        .orderBy(sql`tenant_id = ${p.tenantId}`, "desc")
        .limit(1)
        .forUpdate()
        .executeTakeFirst()) as FilingRow | undefined;
      if (!row) throw notFound(msgRegisterNotFound(def));
      const moved = moveFiling(statusOf(row), action, typeof body.reason === "string" ? body.reason : null);
      if (!moved.ok)
        throw moved.error.conflict
          ? conflict(moved.error.msg)
          : badRequest(moved.error.msg, [{ field: "reason", msg: moved.error.msg }]);
      await trx
        .updateTable(table)
        .set({
          status: moved.value.status,
          reason: moved.value.reason,
          updated_at: Math.max(ctx.now().getTime(), Number(row.updated_at) + 1),
          update_by: actor.updateBy,
          update_name: actor.updateName,
        })
        .where("tenant_id", "=", row.tenant_id)
        .where(sql.ref(keyColumn), "=", key)
        .execute();
    });
    const answer = await read({ ...req, query: { [registerKey(def).key]: key } }, ctx);
    return ok(answer, "操作成功");
  };
}

/** The handlers and exporters of the four filings: the register piece's eight and the four transitions each. */
export function serveFilings() {
  const served = FILING_SERVICES.map((s) => {
    const { handlers, exporters } = serveRegister(s);
    const one = s.ops.get.slice("get".length);
    const moves = Object.fromEntries(
      ACTIONS.map((a) => [`${a}${one}`, transition(s.def, s.table, a, handlers[s.ops.get] as Handler)]),
    );
    return { handlers: { ...handlers, ...moves }, exporters };
  });
  return {
    handlers: Object.assign({}, ...served.map((s) => s.handlers)) as Record<string, Handler>,
    exporters: Object.assign({}, ...served.map((s) => s.exporters)),
  };
}
