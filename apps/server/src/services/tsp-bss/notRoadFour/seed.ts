import { chinaDate } from "@tsp/domain";
import { Secrets } from "../../../platform/secrets";
import { createRng, type Rng } from "../../../seed/rng";
import type { SeedContext } from "../../types";
import { seedActivation } from "./activationSeed";
import { seedForwarding } from "./forwardSeed";
import { seal } from "./seal";
import "./tables";

/** A PRNG of its own: these rows stay the same wherever the module sits in the seed order. */
const SEED = 19_0070;
const DAY = 24 * 3600 * 1000;
const ADMIN = { update_by: "admin", update_name: "系统管理员" };
const pad = (n: number, width: number) => String(n).padStart(width, "0");

/** [maker, chip model, certificate prefix]: security chips HJ 1322 terminals carry. */
const CHIPS: readonly (readonly [string, string, string])[] = [
  ["国民技术股份有限公司", "Z32H330", "SM-GM"],
  ["北京华大信安科技有限公司", "CIU98M25", "SM-HD"],
  ["紫光同芯微电子有限公司", "THD89", "SM-ZG"],
  ["北京宏思电子技术有限责任公司", "HSC32K1", "SM-HS"],
  ["上海复旦微电子集团股份有限公司", "FM1280", "SM-FD"],
  ["国芯科技股份有限公司", "CCM3310S", "SM-GX"],
];
/** [maker, terminal model, firmware]: HJ 1322 terminal makers (as 监管终端管理's seed). */
const TERMINAL_MODELS: readonly (readonly [string, string, string])[] = [
  ["北京中交兴路信息科技有限公司", "ZJXL-HJ1322-A", "V2.3.1"],
  ["深圳市有为信息技术发展有限公司", "YW-FD100", "V1.8.0"],
  ["厦门雅迅网络股份有限公司", "YX-NR808", "V3.0.2"],
  ["江苏天泽智联科技有限公司", "TZ-NR4-G", "V1.2.5"],
  ["深圳市锐明技术股份有限公司", "RM-HJ22", "V2.0.7"],
  ["航天科技控股集团股份有限公司", "HT-NRT300", "V1.5.3"],
  ["北京经纬恒润科技股份有限公司", "HR-EMT02", "V4.1.0"],
  ["成都亿盟恒信科技有限公司", "YM-NRMM1", "V1.0.9"],
];
/** The authority's rejection reasons, per filing (what it checks in each). */
const REJECT_REASONS = {
  chip: ["安全芯片证书已过期，请上传有效证书", "证书编号与检测机构系统记录不一致"],
  terminal: ["检测报告编号与检测机构系统记录不一致", "固件版本与检测报告不符"],
  machine: ["机械PIN码与环保信息公开编号对应的机型不符", "缺少终端安装照片及铭牌照片"],
  replace: ["更换原因说明不充分，请补充原终端故障证明", "新终端未完成终端型号备案"],
} as const;
const FAIL_REASONS = ["平台返回：签名验证失败", "平台返回：数据项缺失（发动机编号）", "平台返回：账号无备案权限"];
/** The states of the seed, weighted as an operator sees them: mostly approved, some of each other. */
const STATES = [
  "approved",
  "approved",
  "approved",
  "approved",
  "pending",
  "pending",
  "draft",
  "rejected",
  "timeout",
  "failed",
];

function stateOf(rng: Rng, kind: keyof typeof REJECT_REASONS): { status: string; reason: string | null } {
  const status = rng.pick(STATES);
  return {
    status,
    reason:
      status === "rejected" ? rng.pick(REJECT_REASONS[kind]) : status === "failed" ? rng.pick(FAIL_REASONS) : null,
  };
}

/** Version and who: every filing was touched by the administrator within three months. */
const touched = (rng: Rng, now: number) => ({
  updated_at: now - rng.int(1, 90) * DAY - rng.int(0, 86_399) * 1000,
  ...ADMIN,
});

/**
 * 非道路国四's demo rows, per tenant: chip and terminal model filings (each terminal model on a
 * filed chip), machine filings for the 国四 machines of 机械信息 that carry a terminal of
 * 监管终端管理, replacement filings between the tenant's terminals, in every state with their
 * reasons; two forwarding platforms (passwords sealed) and the approved machines forwarded
 * to them. Deterministic: fixed lists, a PRNG of its own, `ctx.now`.
 */
export async function seedNotRoadFour(ctx: SeedContext): Promise<void> {
  const rng = createRng(SEED);
  const now = ctx.now.getTime();
  const secrets = await Secrets.load(ctx.db);
  const [demo, other] = ctx.tenantIds as [number, number];
  for (const tenant of [demo, other].filter((t) => t !== undefined)) {
    const chips = tenant === demo ? CHIPS : CHIPS.slice(0, 2);
    const chipRows = chips.map(([maker, model, cert], i) => ({
      tenant_id: tenant,
      chip_model: model,
      maker,
      cert_no: `${cert}-${2023 + (i % 3)}-${pad(rng.int(1, 9999), 4)}`,
      remark: null,
      ...(i < 2 ? { status: "approved", reason: null } : stateOf(rng, "chip")),
      ...touched(rng, now),
    }));
    await ctx.db.insertInto("nr4_chip_filing").values(chipRows).execute();
    const models = tenant === demo ? TERMINAL_MODELS : TERMINAL_MODELS.slice(0, 3);
    await ctx.db
      .insertInto("nr4_terminal_model_filing")
      .values(
        models.map(([maker, model, firmware], i) => ({
          tenant_id: tenant,
          terminal_model: model,
          maker,
          firmware,
          chip_model: (chipRows[i % chipRows.length] as (typeof chipRows)[number]).chip_model,
          positioning: rng.pick(["bds", "bdsGps", "bdsGps"]),
          protocol: i % 4 === 3 ? "gb17691" : "hj1322",
          test_report_no: i % 3 === 2 ? null : `NRMM-T-${2024 + (i % 2)}-${pad(rng.int(1, 99_999), 5)}`,
          remark: null,
          ...stateOf(rng, "terminal"),
          ...touched(rng, now),
        })),
      )
      .execute();
    // Machines: the tenant's 国四 machines carrying a terminal.
    const fitted = await ctx.db
      .selectFrom("bss_black_box as b")
      .innerJoin("bss_machinery_info as m", (j) =>
        j.onRef("m.vin", "=", "b.machinery_pin").onRef("m.tenant_id", "=", "b.tenant_id"),
      )
      .select(["m.vin", "m.engine_no", "m.disclosure_no", "b.terminal_id"])
      .where("b.tenant_id", "=", tenant)
      .where("m.emission_stage", "=", "cn4")
      .orderBy("m.vin")
      .execute();
    const machines = fitted.map((m) => ({
      tenant_id: tenant,
      pin: m.vin,
      engine_no: m.engine_no,
      emission_stage: "cn4",
      terminal_id: m.terminal_id,
      disclosure_no: m.disclosure_no ?? "",
      remark: null,
      ...stateOf(rng, "machine"),
      ...touched(rng, now),
    }));
    if (machines.length > 0) await ctx.db.insertInto("nr4_machine_filing").values(machines).execute();
    // Replacements: a machine's terminal swapped for one in stock (or another machine's spare), a few a tenant.
    const stock = await ctx.db
      .selectFrom("bss_black_box")
      .select("terminal_id")
      .where("tenant_id", "=", tenant)
      .where("machinery_pin", "is", null)
      .orderBy("terminal_id")
      .execute();
    const replaced = fitted.slice(0, Math.min(stock.length > 0 ? 6 : 0, fitted.length));
    if (replaced.length > 0)
      await ctx.db
        .insertInto("nr4_terminal_replace_filing")
        .values(
          replaced.map((m, i) => {
            const at = now - rng.int(2, 120) * DAY;
            return {
              tenant_id: tenant,
              apply_no: `TR${chinaDate(at).replaceAll("-", "")}${pad(tenant * 100 + i + 1, 4)}`,
              pin: m.vin,
              old_terminal_id: m.terminal_id,
              new_terminal_id: (stock[i % stock.length] as { terminal_id: string }).terminal_id,
              replace_reason: rng.pick(["终端进水损坏", "终端被拆除后丢失", "安全芯片故障，无法签名", "定位模块故障"]),
              replace_date: chinaDate(at),
              ...stateOf(rng, "replace"),
              ...touched(rng, now),
            };
          }),
        )
        .execute();
    // Platforms: the province's supervision platform (HJ 1239) and the maker's enterprise platform (GB/T 32960).
    const platforms: readonly (readonly [string, string, number, string, string])[] = [
      ["广东省非道路移动机械监管平台", "nrmm.gdeei.example.gov.cn", 19006, "hj1239", "GDTSP01"],
      ["主机厂企业平台", "10.20.30.40", 32960, "gb32960", "OEMFWD"],
      ...(tenant === demo
        ? ([["江苏省非道路移动机械监管平台", "nrmm.js.example.gov.cn", 19007, "hj1239", "JSTSP01"]] as const)
        : []),
    ];
    for (const [i, [name, host, port, protocol, account]] of platforms.entries()) {
      const { id } = await ctx.db
        .insertInto("nr4_forward_platform")
        .values({
          tenant_id: tenant,
          name,
          host,
          port,
          protocol,
          account: `${account}${tenant}`,
          // A seeded IV keeps the demo rows the same run after run; calls seal with a random one.
          password_sealed: seal(secrets, `Fw${pad(rng.int(0, 999_999), 6)}!`, Buffer.from(pad(tenant * 10 + i, 12))),
          enabled: i < 2,
          ...touched(rng, now),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      // Approved machines go to the province's platform; the maker's platform gets every other one.
      const forwarded = machines.filter((m, j) => m.status === "approved" && (i === 0 || (i === 1 && j % 2 === 0)));
      if (i < 2 && forwarded.length > 0)
        await ctx.db
          .insertInto("nr4_forward_machine")
          .values(
            forwarded.map((m) => ({
              tenant_id: tenant,
              platform_id: id,
              pin: m.pin,
              since: now - rng.int(1, 200) * DAY,
              enabled: rng.next() < 0.9,
              update_name: ADMIN.update_name,
            })),
          )
          .execute();
    }
  }
  // A week of forwarding to the HJ 1239 platforms (journal, log and cursors), for 转发统计.
  await seedForwarding(ctx);
  // 终端远程激活: the bound terminals' activation states and histories.
  await seedActivation(ctx);
}
