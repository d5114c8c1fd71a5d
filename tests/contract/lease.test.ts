import {
  chinaDay,
  creditCodeCheckChar,
  leaseAddDays,
  MSG_LEASE_DELETE_STARTED,
  MSG_LEASE_EXISTS,
  MSG_LEASE_ORG_DISABLED,
  MSG_LEASE_RETURNED,
  MSG_LEASE_STALE,
  msgOrgDeleteNamed,
  withVinCheckDigit,
} from "@tsp/domain";
import { download } from "@tsp/sdk";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { differences, fingerprint, tablesOf } from "../robustness/support/fingerprint";
import { CallLedger } from "./business-coverage";
import { postFile, sheetRows, xlsxOf } from "./business-sheets";
import { operation, signIn } from "./support/contract";
import { LEASE_OPS } from "./support/owners";

/**
 * Contract of 租赁管理: lease contracts (list, filters by derived state, detail with history,
 * create with the one-contract-per-vehicle rule, edit with optimistic concurrency, 退租, 续租,
 * delete of a contract not started, all-or-nothing import with a per-row report, template,
 * export) and the rental report computed from them — tenant isolation throughout, and nothing
 * written by a refused request.
 */
const engine = testEngine();
let server: TestServer;
let admin: string;
let adminSdk: Awaited<ReturnType<typeof signIn>>["sdk"];
let operator: string;
let tenant2: string;
const ledger = new CallLedger(() => server.url);

const HEADERS = [
  "合同编号",
  "VIN",
  "租赁机构编码",
  "承租方类型",
  "承租方名称",
  "联系电话",
  "证件号码",
  "起租日期",
  "到期日期",
  "月租金(元)",
  "押金(元)",
  "备注",
];
const CREDIT = `91440300MA5G0RQK8${creditCodeCheckChar("91440300MA5G0RQK8")}`;

interface Lease {
  contractNo: string;
  vin: string;
  state: string;
  updatedAt: number;
  leaseOrgCode: string;
  lesseePhone: string;
  lesseeIdNo: string;
  startDate: string;
  endDate: string;
  renewedTo: string | null;
}

async function leases(token = admin, query: Record<string, unknown> = {}): Promise<Lease[]> {
  return (await ledger.call("listLeaseContracts", { token, query: { pageSize: 1000, ...query } })).body.data.list;
}

describe.skipIf(engine.skip)(`lease contract (${engine.kind})`, () => {
  let tables: string[];
  const snapshot = () => fingerprint(server.db as Kysely<unknown>, tables, server.ctx.objects.root);
  let org = "";
  let disabledOrg = "";
  let free: string[] = [];
  const today = chinaDay(Date.now());
  const contract = (over: Record<string, unknown> = {}) => ({
    contractNo: "ZL-T-0001",
    vin: free[0],
    leaseOrgCode: org,
    lesseeType: "company",
    lesseeName: "深圳市鹏程物流有限公司",
    lesseePhone: "13800138000",
    lesseeIdNo: CREDIT,
    startDate: leaseAddDays(today, -10),
    endDate: leaseAddDays(today, 355),
    monthlyRent: 4500.5,
    deposit: 10000,
    remark: null,
    ...over,
  });

  /** One row of the contracts sheet, the template's column order. */
  const contractRow = (no: string, vin: string, over: Record<string, unknown> = {}) =>
    Object.values({
      no,
      vin,
      org,
      type: "个人",
      name: "王小明",
      phone: "13912345678",
      id: "11010519491231002X",
      start: leaseAddDays(today, -5),
      end: leaseAddDays(today, 360),
      rent: 3200,
      deposit: 6000,
      remark: null,
      ...over,
    });

  beforeAll(async () => {
    server = await startTestServer({ seed: { sizes: { vehiclesPerTenant: 16, journalPerVehicle: 1 } } });
    const a = await signIn(server.url, "admin", "Admin@123456");
    admin = a.token;
    adminSdk = a.sdk;
    operator = (await signIn(server.url, "operator", "Operator@123456")).token;
    tenant2 = (await signIn(server.url, "tenant2admin", "Admin@123456")).token;
    tables = await tablesOf(server.db as Kysely<unknown>);
    const orgs = (await ledger.call("listLeaseOrgs", { token: admin, query: { pageSize: 100 } })).body.data.list as {
      code: string;
      status: string;
    }[];
    org = orgs.find((o) => o.status === "active")?.code as string;
    disabledOrg = orgs.find((o) => o.status === "disabled")?.code ?? "";
    const held = new Set((await leases()).map((l) => l.vin));
    const vins = (
      await server.db.selectFrom("vehicle").select("vin").where("tenant_id", "=", 1).orderBy("vin").execute()
    ).map((v) => v.vin);
    free = vins.filter((v) => !held.has(v));
  }, 120_000);
  afterAll(() => server?.stop());

  it("answers 401 without a token on every operation", async () => {
    expect(LEASE_OPS).toHaveLength(28);
    for (const id of LEASE_OPS) {
      const op = operation(id);
      const res = op.requestBody?.content["multipart/form-data"]
        ? await postFile(server.url, id, op.path, { name: "a.xlsx", bytes: Buffer.from("x") }, undefined)
        : await ledger.call(id, {});
      expect(res.status, id).toBe(401);
    }
  });

  it("seeds contracts in every state, masks the lessee in the list, filters by state", async () => {
    const all = await leases();
    expect(new Set(all.map((l) => l.state))).toEqual(new Set(["pending", "leasing", "expired", "returned"]));
    expect(all.every((l) => l.lesseeIdNo.includes("*"))).toBe(true);
    expect(all.some((l) => l.renewedTo !== null)).toBe(true);
    const returned = await leases(admin, { state: "returned" });
    expect(returned.length).toBeGreaterThan(0);
    expect(returned.every((l) => l.state === "returned")).toBe(true);
    expect(free.length).toBeGreaterThan(2);
    const bad = await ledger.call("listLeaseContracts", { token: admin, query: { state: "unknown" } });
    expect(bad.status).toBe(400);
    expect(await leases(tenant2)).toEqual([]);
  });

  it("creates by the rules, one contract per vehicle at a time, refusing bad ones without writing", async () => {
    const before = await snapshot();
    const badId = await ledger.call("createLeaseContract", { token: admin, body: contract({ lesseeIdNo: "123" }) });
    expect(badId.status).toBe(400);
    expect(badId.body.data.failDetail[0].field).toBe("lesseeIdNo");
    const reversed = await ledger.call("createLeaseContract", {
      token: admin,
      body: contract({ endDate: leaseAddDays(today, -20) }),
    });
    expect(reversed.body.msg).toBe("租期结束日期应晚于开始日期");
    if (disabledOrg)
      expect(
        (await ledger.call("createLeaseContract", { token: admin, body: contract({ leaseOrgCode: disabledOrg }) })).body
          .msg,
      ).toBe(MSG_LEASE_ORG_DISABLED);
    expect((await ledger.call("createLeaseContract", { token: tenant2, body: contract() })).status).toBe(404);
    expect(differences(before, await snapshot())).toEqual([]);
    const made = await ledger.call("createLeaseContract", { token: operator, body: contract() });
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ state: "leasing", lesseePhone: "138****8000", monthlyRent: 4500.5 });
    const twice = await ledger.call("createLeaseContract", { token: admin, body: contract({ vin: free[1] }) });
    expect([twice.status, twice.body.msg]).toEqual([409, MSG_LEASE_EXISTS]);
    const overlap = await ledger.call("createLeaseContract", {
      token: admin,
      body: contract({
        contractNo: "ZL-T-0002",
        startDate: leaseAddDays(today, 400),
        endDate: leaseAddDays(today, 700),
      }),
    });
    expect(overlap.status).toBe(409);
    expect(overlap.body.msg).toContain("ZL-T-0001");
  });

  it("edits under optimistic concurrency, returns, renews, deletes only what has not started", async () => {
    const detail = (await ledger.call("getLeaseContract", { token: admin, query: { contractNo: "ZL-T-0001" } })).body
      .data;
    expect(detail.lesseePhone).toBe("13800138000");
    expect(detail.history.map((h: { action: string }) => h.action)).toEqual(["create"]);
    expect((await ledger.call("getLeaseContract", { token: tenant2, query: { contractNo: "ZL-T-0001" } })).status).toBe(
      404,
    );
    const fields = contract();
    const stale = await ledger.call("updateLeaseContract", { token: admin, body: { ...fields, updatedAt: 1 } });
    expect([stale.status, stale.body.msg]).toEqual([409, MSG_LEASE_STALE]);
    const edited = await ledger.call("updateLeaseContract", {
      token: admin,
      body: { ...fields, monthlyRent: 4800, updatedAt: detail.updatedAt },
    });
    expect(edited.body.data.monthlyRent).toBe(4800);
    // 续租: a new contract from the day after the end.
    const badRenew = await ledger.call("renewLeaseContract", {
      token: admin,
      body: {
        contractNo: "ZL-T-0001",
        newContractNo: "ZL-T-0003",
        endDate: fields.endDate,
        monthlyRent: 4800,
        deposit: 0,
        updatedAt: edited.body.data.updatedAt,
      },
    });
    expect(badRenew.body.msg).toBe("续租的结束日期应晚于原合同的结束日期");
    const renewed = await ledger.call("renewLeaseContract", {
      token: admin,
      body: {
        contractNo: "ZL-T-0001",
        newContractNo: "ZL-T-0003",
        endDate: leaseAddDays(fields.endDate, 365),
        monthlyRent: 4600,
        deposit: 0,
        updatedAt: edited.body.data.updatedAt,
      },
    });
    expect(renewed.body.data).toMatchObject({
      contractNo: "ZL-T-0003",
      startDate: leaseAddDays(fields.endDate, 1),
      state: "pending",
      renewedFrom: "ZL-T-0001",
    });
    // The renewal not started is deleted; the old contract gets its open end back.
    const delStarted = await ledger.call("deleteLeaseContract", {
      token: admin,
      body: { contractNo: "ZL-T-0001", updatedAt: 0 },
    });
    expect(delStarted.status).toBe(409);
    const del = await ledger.call("deleteLeaseContract", {
      token: admin,
      body: { contractNo: "ZL-T-0003", updatedAt: renewed.body.data.updatedAt },
    });
    expect(del.status).toBe(200);
    const old = (await ledger.call("getLeaseContract", { token: admin, query: { contractNo: "ZL-T-0001" } })).body.data;
    expect(old.renewedTo).toBeNull();
    expect(
      (
        await ledger.call("deleteLeaseContract", {
          token: admin,
          body: { contractNo: "ZL-T-0001", updatedAt: old.updatedAt },
        })
      ).body.msg,
    ).toBe(MSG_LEASE_DELETE_STARTED);
    // 退租 with a date and a reason; then the vehicle is free and the contract is closed.
    const noReason = await ledger.call("returnLeaseContract", {
      token: admin,
      body: { contractNo: "ZL-T-0001", returnDate: today, reason: "", updatedAt: old.updatedAt },
    });
    expect(noReason.status).toBe(400);
    const back = await ledger.call("returnLeaseContract", {
      token: admin,
      body: { contractNo: "ZL-T-0001", returnDate: today, reason: "承租人提前退租", updatedAt: old.updatedAt },
    });
    expect(back.body.data).toMatchObject({ state: "returned", returnDate: today, returnReason: "承租人提前退租" });
    const again = await ledger.call("updateLeaseContract", {
      token: admin,
      body: { ...fields, updatedAt: back.body.data.updatedAt },
    });
    expect([again.status, again.body.msg]).toEqual([409, MSG_LEASE_RETURNED]);
    const next = await ledger.call("createLeaseContract", {
      token: admin,
      body: contract({ contractNo: "ZL-T-0004", startDate: leaseAddDays(today, 1), endDate: leaseAddDays(today, 200) }),
    });
    expect(next.body.data.state).toBe("pending");
    const history = (await ledger.call("getLeaseContract", { token: admin, query: { contractNo: "ZL-T-0001" } })).body
      .data.history;
    expect(history.map((h: { action: string }) => h.action)).toEqual(["return", "renew", "edit", "create"]);
  });

  it("imports all or nothing with a per-row report, then the fixed file; exports; keeps tenant 2 out", async () => {
    const ghost = withVinCheckDigit("LFV2A21K0P4000001") as string;
    const before = await snapshot();
    const notSheet = await postFile(
      server.url,
      "importLeaseContracts",
      operation("importLeaseContracts").path,
      { name: "合同.xlsx", bytes: Buffer.from("not a workbook") },
      admin,
    );
    ledger.record("importLeaseContracts", notSheet.status);
    expect(notSheet.status).toBe(400);
    const bad = await postFile(
      server.url,
      "importLeaseContracts",
      operation("importLeaseContracts").path,
      {
        name: "合同.xlsx",
        bytes: await xlsxOf(HEADERS, [
          contractRow("ZL-I-0001", free[1] as string),
          contractRow("ZL-I-0001", free[2] as string),
          contractRow("ZL-I-0002", ghost),
          contractRow("ZL-I-0003", free[2] as string, { type: "团体" }),
        ]),
      },
      admin,
    );
    ledger.record("importLeaseContracts", bad.status);
    expect(bad.body.data).toMatchObject({ all: 4, success: 0, failed: 3 });
    expect(bad.body.data.rows.map((r: { row: number; reason: string }) => [r.row, r.reason])).toEqual([
      [3, "文件中合同编号重复"],
      [4, "车辆不存在"],
      [5, "承租方类型应为个人或企业"],
    ]);
    expect(differences(before, await snapshot())).toEqual([]);
    const good = await postFile(
      server.url,
      "importLeaseContracts",
      operation("importLeaseContracts").path,
      { name: "合同.xlsx", bytes: await xlsxOf(HEADERS, [contractRow("ZL-I-0001", free[1] as string)]) },
      admin,
    );
    expect(good.body.data).toMatchObject({ all: 1, success: 1, failed: 0 });
    const tpl = await ledger.call("downloadLeaseContractTemplate", { token: admin });
    expect((await sheetRows(Buffer.from(tpl.bytes)))[0]).toEqual(HEADERS);
    expect((await ledger.call("downloadLeaseContractTemplate", { token: operator })).status).toBe(200);
    const exp = await ledger.call("exportLeaseContracts", { token: admin, query: { state: "leasing" } });
    expect((await ledger.call("exportLeaseContracts", { token: operator, query: {} })).status).toBe(403);
    await server.ctx.exports.idle();
    const file = await download(adminSdk, `/comm-inc-center/v1/web/exportFile/${exp.body.data.taskId}/download`);
    const rows = await sheetRows(await file.blob.arrayBuffer());
    expect(rows[0]?.slice(0, HEADERS.length)).toEqual(HEADERS);
    expect(rows.length).toBeGreaterThan(2);
    expect(rows.slice(1).every((r) => r[14] === "租赁中")).toBe(true);
  });

  it("reports the rental figures per month from the contracts", async () => {
    const month = today.slice(0, 7);
    const monthStart = `${Number(month.slice(0, 4)) - 1}${month.slice(4)}`;
    const report = (await ledger.call("getLeaseRentalReport", { token: admin, query: { monthStart, monthEnd: month } }))
      .body.data;
    expect(report.months).toHaveLength(13);
    const now = report.months[12];
    const all = await leases();
    const held = new Set(all.filter((l) => l.state === "leasing" || l.state === "expired").map((l) => l.vin));
    expect(now.leasedVehicles).toBeGreaterThanOrEqual(held.size);
    expect(now.rentDue).toBeGreaterThan(0);
    expect(report.totals.newContracts).toBe(
      report.months.reduce((s: number, m: { newContracts: number }) => s + m.newContracts, 0),
    );
    const one = (
      await ledger.call("getLeaseRentalReport", {
        token: admin,
        query: { monthStart: month, monthEnd: month, leaseOrgCode: "NOPE" },
      })
    ).body.data;
    expect(one.months[0]).toMatchObject({ leasedVehicles: 0, rentDue: 0 });
    const reversed = await ledger.call("getLeaseRentalReport", {
      token: admin,
      query: { monthStart: month, monthEnd: monthStart },
    });
    expect([reversed.status, reversed.body.msg]).toEqual([400, "结束月份不能早于开始月份"]);
    const theirs = (
      await ledger.call("getLeaseRentalReport", { token: tenant2, query: { monthStart, monthEnd: month } })
    ).body.data;
    expect(theirs.totals).toMatchObject({ leasedVehicles: 0, newContracts: 0, rentDue: 0 });
    const exp = await ledger.call("exportLeaseRentalReport", { token: admin, query: { monthStart, monthEnd: month } });
    expect(
      (
        await ledger.call("exportLeaseRentalReport", {
          token: admin,
          query: { monthStart: "2020-01", monthEnd: month },
        })
      ).status,
    ).toBe(400);
    await server.ctx.exports.idle();
    const file = await download(adminSdk, `/comm-inc-center/v1/web/exportFile/${exp.body.data.taskId}/download`);
    const rows = await sheetRows(await file.blob.arrayBuffer());
    expect(rows[0]).toEqual(["月份", "在租车辆数", "新签合同数", "其中续租", "退租数", "应收租金(元)"]);
    expect(rows).toHaveLength(15);
    expect(rows[14]?.[0]).toBe("合计");
  });

  it("computes the purchase, operation and history reports from the sales, journals and contracts", async () => {
    const month = today.slice(0, 7);
    const monthStart = `${Number(month.slice(0, 4)) - 1}${month.slice(4)}`;
    const range = { monthStart, monthEnd: month };
    const buy = (await ledger.call("getLeaseBuyReport", { token: admin, query: range })).body.data;
    expect(buy.figures.map((f: { key: string }) => f.key)).toEqual(["bought", "amount", "operating", "leased"]);
    expect(buy.months).toHaveLength(13);
    const sales = await server.db
      .selectFrom("bss_vehicle_sale")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("tenant_id", "in", [1, 3])
      .where("sale_date", ">=", `${monthStart}-01`)
      .executeTakeFirstOrThrow();
    expect(buy.totals[0]).toBe(Number(sales.n));
    expect(buy.totals[3]).toBeLessThanOrEqual(buy.totals[0]);
    const op = (await ledger.call("getLeaseOperationReport", { token: admin, query: range })).body.data;
    const last = op.months[12].values as number[];
    expect(last[1]).toBeLessThanOrEqual(last[0] as number);
    expect(last[4]).toBeGreaterThanOrEqual(0);
    expect(last[4]).toBeLessThanOrEqual(100);
    expect(op.totals[0]).toBeNull();
    const history = (await ledger.call("getLeaseHistoryReport", { token: admin, query: range })).body.data;
    expect(history.totals[2]).toBeGreaterThan(0);
    expect(history.totals[4]).toBeNull();
    for (const id of ["getLeaseBuyReport", "getLeaseOperationReport", "getLeaseHistoryReport"]) {
      const bad = await ledger.call(id, { token: admin, query: { monthStart: month, monthEnd: monthStart } });
      expect(bad.status, id).toBe(400);
    }
    const theirs = (await ledger.call("getLeaseBuyReport", { token: tenant2, query: range })).body.data;
    const their = await server.db
      .selectFrom("bss_vehicle_sale")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("tenant_id", "=", 2)
      .where("sale_date", ">=", `${monthStart}-01`)
      .executeTakeFirstOrThrow();
    // Tenant 2 reads its own sales only, and none of its vehicles is let.
    expect([theirs.totals[0], theirs.totals[3]]).toEqual([Number(their.n), 0]);
    for (const id of ["exportLeaseBuyReport", "exportLeaseOperationReport", "exportLeaseHistoryReport"]) {
      expect((await ledger.call(id, { token: admin, query: { monthStart: "2020-01", monthEnd: month } })).status).toBe(
        400,
      );
      const exp = await ledger.call(id, { token: admin, query: range });
      await server.ctx.exports.idle();
      const file = await download(adminSdk, `/comm-inc-center/v1/web/exportFile/${exp.body.data.taskId}/download`);
      const rows = await sheetRows(await file.blob.arrayBuffer());
      expect(rows, id).toHaveLength(15);
      expect(rows[14]?.[0]).toBe("合计");
    }
  });

  it("files loans, derives the schedule state, registers repayments, records the restriction request and its review", async () => {
    const all = (await ledger.call("listLoans", { token: admin, query: { pageSize: 1000 } })).body.data.list as {
      loanNo: string;
      vin: string;
      state: string;
      overdueDays: number;
      restriction: string;
      updatedAt: number;
      repaidPeriods: number;
      termMonths: number;
      borrowerIdNo: string;
    }[];
    expect(new Set(all.map((l) => l.state))).toEqual(new Set(["normal", "overdue", "settled"]));
    expect(all.every((l) => l.borrowerIdNo.includes("*"))).toBe(true);
    expect(all.filter((l) => l.state === "overdue").every((l) => l.overdueDays > 0)).toBe(true);
    expect(all.some((l) => l.restriction === "pending")).toBe(true);
    const overdueOnly = (await ledger.call("listLoans", { token: admin, query: { state: "overdue" } })).body.data.list;
    expect(overdueOnly.every((l: { state: string }) => l.state === "overdue")).toBe(true);
    expect((await ledger.call("listLoans", { token: admin, query: { state: "late" } })).status).toBe(400);
    expect((await ledger.call("listLoans", { token: tenant2, query: {} })).body.data.total).toBe(0);

    const financed = new Set(all.filter((l) => l.state !== "settled").map((l) => l.vin));
    const vins = (
      await server.db.selectFrom("vehicle").select("vin").where("tenant_id", "=", 1).orderBy("vin").execute()
    ).map((v) => v.vin);
    const freeVin = vins.find((v) => !financed.has(v)) as string;
    const financeOrg = (
      (await ledger.call("listFinanceOrgs", { token: admin, query: { pageSize: 100 } })).body.data.list as {
        code: string;
        status: string;
      }[]
    ).find((o) => o.status === "active")?.code as string;
    const loan = {
      loanNo: "DK-T-0001",
      vin: freeVin,
      financeOrgCode: financeOrg,
      borrowerType: "company",
      borrowerName: "深圳市鹏程物流有限公司",
      borrowerPhone: "0755-88886666",
      borrowerIdNo: CREDIT,
      principal: 180000,
      termMonths: 12,
      startDate: leaseAddDays(today, -95),
      repaidPeriods: 1,
    };
    const before = await snapshot();
    expect((await ledger.call("createLoan", { token: admin, body: { ...loan, repaidPeriods: 5 } })).body.msg).toBe(
      "已还期数不能超过已到期的期数",
    );
    expect((await ledger.call("createLoan", { token: tenant2, body: loan })).status).toBe(404);
    expect(differences(before, await snapshot())).toEqual([]);
    const made = await ledger.call("createLoan", { token: admin, body: loan });
    expect(made.body.data).toMatchObject({ state: "overdue", restriction: "none", borrowerPhone: "*********6666" });
    const again = await ledger.call("createLoan", { token: admin, body: { ...loan, loanNo: "DK-T-0002" } });
    expect([again.status, again.body.msg]).toEqual([409, "该车辆已有未结清的贷款"]);
    const stale = await ledger.call("updateLoan", { token: admin, body: { ...loan, principal: 200000, updatedAt: 1 } });
    expect(stale.status).toBe(409);
    const edited = await ledger.call("updateLoan", {
      token: admin,
      body: { ...loan, principal: 200000, updatedAt: made.body.data.updatedAt },
    });
    expect(edited.body.data.principal).toBe(200000);
    // 申请限制 of the overdue loan, then its review.
    const noReason = await ledger.call("requestLoanRestriction", {
      token: admin,
      body: { loanNo: "DK-T-0001", reason: "", updatedAt: edited.body.data.updatedAt },
    });
    expect(noReason.status).toBe(400);
    const asked = await ledger.call("requestLoanRestriction", {
      token: admin,
      body: { loanNo: "DK-T-0001", reason: "连续逾期两期，催收未果", updatedAt: edited.body.data.updatedAt },
    });
    expect(asked.body.data).toMatchObject({ restriction: "pending", restrictionReason: "连续逾期两期，催收未果" });
    const reject = await ledger.call("reviewLoanRestriction", {
      token: admin,
      body: { loanNo: "DK-T-0001", decision: "reject", note: null, updatedAt: asked.body.data.updatedAt },
    });
    expect(reject.status).toBe(400);
    const executed = await ledger.call("reviewLoanRestriction", {
      token: admin,
      body: { loanNo: "DK-T-0001", decision: "execute", note: null, updatedAt: asked.body.data.updatedAt },
    });
    expect(executed.body.data).toMatchObject({ restriction: "executed", restrictionReviewedBy: expect.any(String) });
    expect(
      (
        await ledger.call("requestLoanRestriction", {
          token: admin,
          body: { loanNo: "DK-T-0001", reason: "再次申请", updatedAt: executed.body.data.updatedAt },
        })
      ).status,
    ).toBe(409);
    // 登记还款: forward only, up to the instalments due; paid up it is 正常 again.
    const back = await ledger.call("recordLoanRepayment", {
      token: admin,
      body: { loanNo: "DK-T-0001", repaidPeriods: 0, updatedAt: executed.body.data.updatedAt },
    });
    expect(back.body.msg).toBe("已还期数不能少于已登记的期数");
    const paid = await ledger.call("recordLoanRepayment", {
      token: admin,
      body: { loanNo: "DK-T-0001", repaidPeriods: 3, updatedAt: executed.body.data.updatedAt },
    });
    expect(paid.body.data).toMatchObject({ state: "normal", repaidPeriods: 3, overdueDays: 0 });
    const detail = (await ledger.call("getLoan", { token: admin, query: { loanNo: "DK-T-0001" } })).body.data;
    expect(detail.borrowerPhone).toBe("0755-88886666");
    expect(detail.history.map((h: { action: string }) => h.action)).toEqual([
      "repay",
      "review",
      "restrict",
      "edit",
      "create",
    ]);
    expect((await ledger.call("getLoan", { token: tenant2, query: { loanNo: "DK-T-0001" } })).status).toBe(404);
  });

  it("imports loans all or nothing and exports them", async () => {
    const LOAN_HEADERS = [
      "贷款编号",
      "VIN",
      "金融机构编码",
      "借款人类型",
      "借款人名称",
      "联系电话",
      "证件号码",
      "贷款本金(元)",
      "贷款期数(月)",
      "放款日期",
      "已还期数",
    ];
    const tpl = await ledger.call("downloadLoanTemplate", { token: admin });
    expect((await sheetRows(Buffer.from(tpl.bytes)))[0]).toEqual(LOAN_HEADERS);
    expect((await ledger.call("downloadLoanTemplate", { token: tenant2 })).status).toBe(200);
    const open = new Set(
      (
        (await ledger.call("listLoans", { token: admin, query: { pageSize: 1000 } })).body.data.list as {
          vin: string;
          state: string;
        }[]
      )
        .filter((l) => l.state !== "settled")
        .map((l) => l.vin),
    );
    const vins = (
      await server.db.selectFrom("vehicle").select("vin").where("tenant_id", "=", 1).orderBy("vin").execute()
    )
      .map((v) => v.vin)
      .filter((v) => !open.has(v));
    const orgs = (await ledger.call("listFinanceOrgs", { token: admin, query: { pageSize: 100 } })).body.data.list as {
      code: string;
      status: string;
    }[];
    const lender = orgs.find((o) => o.status === "active")?.code;
    const row = (no: string, vin: string, over: Record<string, unknown> = {}) =>
      Object.values({
        no,
        vin,
        lender,
        type: "个人",
        name: "王小明",
        phone: "13912345678",
        id: "11010519491231002X",
        p: 120000,
        t: 24,
        d: today,
        r: 0,
        ...over,
      });
    const file = (rows: unknown[][]) => xlsxOf(LOAN_HEADERS, rows);
    const post = async (bytes: Buffer) => {
      const res = await postFile(
        server.url,
        "importLoans",
        operation("importLoans").path,
        { name: "贷款.xlsx", bytes },
        admin,
      );
      ledger.record("importLoans", res.status);
      return res;
    };
    const bad = await post(
      await file([
        row("DK-I-0001", vins[0] as string),
        row("DK-I-0002", vins[0] as string),
        row("DK-I-0003", vins[1] as string, { t: 0 }),
      ]),
    );
    expect(bad.body.data).toMatchObject({ all: 3, success: 0, failed: 2 });
    expect(bad.body.data.rows.map((r: { reason: string }) => r.reason)).toEqual([
      "该车辆已有未结清的贷款",
      "贷款期数应为1至120的整数（月）",
    ]);
    expect((await post(Buffer.from("x"))).status).toBe(400);
    const good = await post(await file([row("DK-I-0001", vins[0] as string), row("DK-I-0003", vins[1] as string)]));
    expect(good.body.data).toMatchObject({ all: 2, success: 2, failed: 0 });
    const exp = await ledger.call("exportLoans", { token: admin, query: { state: "overdue" } });
    expect((await ledger.call("exportLoans", { token: operator, query: {} })).status).toBe(403);
    await server.ctx.exports.idle();
    const sheet = await download(adminSdk, `/comm-inc-center/v1/web/exportFile/${exp.body.data.taskId}/download`);
    const rows = await sheetRows(await sheet.blob.arrayBuffer());
    expect(rows[0]?.slice(0, LOAN_HEADERS.length)).toEqual(LOAN_HEADERS);
    expect(rows.slice(1).every((r) => r[12] === "逾期")).toBe(true);
    ledger.expectCovered(LEASE_OPS);
  });

  it("keeps a retired lease or finance organisation while contracts or loans still name it", async () => {
    const cases = [
      {
        table: "bss_lease_contract",
        column: "lease_org_code",
        org: "bss_lease_org",
        op: "deleteLeaseOrg",
        noun: "租赁机构",
        records: "租赁合同",
      },
      {
        table: "bss_loan",
        column: "finance_org_code",
        org: "bss_finance_org",
        op: "deleteFinanceOrg",
        noun: "金融机构",
        records: "贷款",
      },
    ] as const;
    const db = server.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    for (const c of cases) {
      const named = await db
        .selectFrom(c.table)
        .select([c.column, (eb) => eb.fn.countAll<number>().as("n")])
        .where("tenant_id", "=", 1)
        .groupBy(c.column)
        .orderBy(c.column)
        .executeTakeFirstOrThrow();
      const code = String(named[c.column]);
      // Retired first (a cooperating one is refused for that reason), so only the names hold it.
      await db
        .updateTable(c.org)
        .set({ status: "disabled" })
        .where("tenant_id", "=", 1)
        .where("code", "=", code)
        .execute();
      const before = await snapshot();
      const refused = await ledger.call(c.op, { token: admin, query: { code } });
      expect(refused.status, c.op).toBe(409);
      expect(refused.body.msg).toBe(msgOrgDeleteNamed(c.noun, Number(named.n), c.records));
      expect(differences(before, await snapshot())).toEqual([]);
    }
  });
});
