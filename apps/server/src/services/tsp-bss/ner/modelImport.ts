import ExcelJS from "exceljs";
import type { Kysely, Selectable } from "kysely";
import type { Database } from "../../../db/schema";
import { ok } from "../../../http/envelope";
import type { Principal } from "../../../platform/principal";
import type { Handler } from "../../types";
import { must } from "../actor";
import type { NerVehicleModelTable } from "../tables";
import { IMPORT_DONE_MSG, type RowFailure, savingAll } from "./imports";
import { cellValue, plainCells, readSheet } from "./sheet";
import { sendXlsx } from "./template";
import { importUpload } from "./upload";

const VEHICLE_TYPES = ["乘用车", "客车", "货车", "专用车"] as const;

/** Columns of the vehicle model template (MIIT announcement parameters), in order. */
export const MODEL_COLUMNS = [
  { key: "vehicle_model", label: "公告型号", required: true, example: "BYD7005BEV1" },
  { key: "vehicle_name", label: "车辆名称", required: true, example: "纯电动轿车" },
  { key: "vehicle_type", label: "车辆类型", required: true, example: "乘用车" },
  { key: "brand_name", label: "品牌", required: true, example: "比亚迪" },
  { key: "manufacturer", label: "生产企业", required: true, example: "比亚迪汽车工业有限公司" },
  { key: "curb_weight", label: "整备质量(kg)", required: true, example: 1650 },
  { key: "max_speed", label: "最高车速(km/h)", required: true, example: 150 },
  { key: "drive_model", label: "驱动电机型号", required: false, example: "TZ200XSQ、TZ180XSF" },
  { key: "tbox_model", label: "终端型号", required: false, example: "HW-TBOX-M5" },
  { key: "battery_model", label: "电池型号", required: false, example: "FD2-BLADE-57" },
  { key: "rated_energy", label: "额定能量(kWh)", required: false, example: 57.6 },
] as const;

/** A template row as a model to save (its creator is the importing tenant, set when it is inserted). */
type ModelValues = Omit<Selectable<NerVehicleModelTable>, "id" | "owner_tenant_id">;

/** A template row as a model, or the reason it is not one (Chinese, with the column label). */
export function parseModelRow(cells: Map<string, unknown>): ModelValues | string {
  const text = (label: string, max: number, required: boolean): string | null | { error: string } => {
    const v = cellValue(cells.get(label) ?? null, "nullableString") as string | null;
    if (v === null || v === "") return required ? { error: `${label}：必填` } : null;
    if (v.length > max) return { error: `${label}：长度不能超过${max}` };
    return v;
  };
  const positiveInt = (label: string): number | { error: string } => {
    const v = cellValue(cells.get(label) ?? null, "integer");
    if (v === undefined) return { error: `${label}：必填` };
    if (typeof v !== "number" || !Number.isInteger(v) || v < 1) return { error: `${label}：应为正整数` };
    return v;
  };
  const out: Record<string, unknown> = {};
  for (const c of MODEL_COLUMNS) {
    let value: unknown;
    if (c.key === "curb_weight" || c.key === "max_speed") value = positiveInt(c.label);
    else if (c.key === "rated_energy") {
      const v = cellValue(cells.get(c.label) ?? null, "number");
      if (v === undefined) value = null;
      else if (typeof v !== "number" || v <= 0) value = { error: `${c.label}：应为大于0的数字` };
      else value = v;
    } else value = text(c.label, c.key === "manufacturer" ? 100 : 50, c.required);
    if (value !== null && typeof value === "object") return (value as { error: string }).error;
    out[c.key] = value;
  }
  if (!VEHICLE_TYPES.includes(out.vehicle_type as (typeof VEHICLE_TYPES)[number]))
    return `车辆类型：取值应为 ${VEHICLE_TYPES.join("、")} 之一`;
  return out as unknown as ModelValues;
}

/** A row whose 公告型号 exists, without allowCover. */
export const MSG_MODEL_EXISTS = "车型已存在";
/** A row that would overwrite a model another tenant created. */
export const MSG_MODEL_OTHERS = "车型已存在，由其他单位创建，不能覆盖";

/**
 * The platform tenant: the installation's first top-level tenant (the platform operator's,
 * created before any customer's; T0001 in the seed). It keeps the shared catalogue.
 */
async function platformTenantId(db: Kysely<Database>): Promise<number | null> {
  const row = await db
    .selectFrom("tenant")
    .select("id")
    .where("parent_id", "is", null)
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Whether the caller may overwrite a model: one its tenant or a sub-tenant created, or any
 * model when the caller is in the platform tenant (the seeded catalogue has no creator: only
 * the platform overwrites it).
 */
export function mayCover(
  owner: number | null,
  caller: Pick<Principal, "tenantId" | "tenantIds">,
  platform: number | null,
) {
  return caller.tenantId === platform || (owner !== null && caller.tenantIds.includes(owner));
}

/**
 * importNerVehicleModel: announcement models from the template. The catalogue is shared by
 * every tenant (announcement models are national data: every tenant files vehicles against
 * them), and each model records the tenant that created it. A model whose 公告型号 exists is
 * rejected (车型已存在) unless allowCover=true (business-areas.md §4), and even then it is
 * overwritten only when {@link mayCover} says so — another tenant's model is rejected
 * (车型已存在，由其他单位创建，不能覆盖) and stays as it was, so one tenant's import cannot
 * change the parameters of vehicles other tenants filed. An overwrite keeps the creator. The
 * check and the writes are one transaction with the file's existing models locked; a model
 * another import created meanwhile makes the whole file 409 (savingAll) rather than a silent
 * overwrite.
 */
export const importNerVehicleModel: Handler = async ({ request, query, principal }, ctx) => {
  const p = must(principal);
  const allowCover = query.allowCover === true;
  const { buffer } = await importUpload(request);
  const rows = await readSheet(
    buffer,
    MODEL_COLUMNS.filter((c) => c.required).map((c) => c.label),
  );
  const platform = await platformTenantId(ctx.db);
  const failures: RowFailure[] = [];
  const parsedRows: { row: number; model: ModelValues; data: ReturnType<typeof plainCells> }[] = [];
  const seen = new Set<string>();
  for (const r of rows) {
    const parsed = parseModelRow(r.cells);
    if (typeof parsed === "string") {
      failures.push({
        row: r.row,
        vin: "",
        key: String(r.cells.get("公告型号") ?? ""),
        reason: parsed,
        data: plainCells(r),
      });
      continue;
    }
    if (seen.has(parsed.vehicle_model)) {
      failures.push({
        row: r.row,
        vin: "",
        key: parsed.vehicle_model,
        reason: "文件中公告型号重复",
        data: plainCells(r),
      });
      continue;
    }
    seen.add(parsed.vehicle_model);
    parsedRows.push({ row: r.row, model: parsed, data: plainCells(r) });
  }
  const accepted = await savingAll(() =>
    ctx.db.transaction().execute(async (trx) => {
      const keys = parsedRows.map((r) => r.model.vehicle_model);
      const owners = new Map(
        keys.length === 0
          ? []
          : (
              await trx
                .selectFrom("ner_vehicle_model")
                .select(["vehicle_model", "owner_tenant_id"])
                .where("vehicle_model", "in", keys)
                .forUpdate()
                .execute()
            ).map((m) => [m.vehicle_model, m.owner_tenant_id]),
      );
      const taken: ModelValues[] = [];
      for (const { row, model, data } of parsedRows) {
        const key = model.vehicle_model;
        if (owners.has(key) && !allowCover) failures.push({ row, vin: "", key, reason: MSG_MODEL_EXISTS, data });
        else if (owners.has(key) && !mayCover(owners.get(key) ?? null, p, platform))
          failures.push({ row, vin: "", key, reason: MSG_MODEL_OTHERS, data });
        else taken.push(model);
      }
      for (const m of taken) {
        const { vehicle_model: _key, ...rest } = m;
        await trx
          .insertInto("ner_vehicle_model")
          .values({ ...m, owner_tenant_id: p.tenantId })
          .onConflict((oc) => oc.column("vehicle_model").doUpdateSet(rest))
          .execute();
      }
      return taken.length;
    }),
  );
  failures.sort((a, b) => a.row - b.row);
  return ok({ all: rows.length, success: accepted, failed: failures.length, rows: failures }, IMPORT_DONE_MSG);
};

/** downloadNerVehicleModelTemplate: the template .xlsx — header row and one example row (import dialog step 1). */
export const downloadNerVehicleModelTemplate: Handler = async ({ reply }) => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("车型信息");
  sheet.columns = MODEL_COLUMNS.map((c) => ({ header: c.label, key: c.key, width: 20 }));
  sheet.addRow(Object.fromEntries(MODEL_COLUMNS.map((c) => [c.key, c.example])));
  sheet.getRow(1).font = { bold: true };
  return sendXlsx(reply, "新能源车型导入模板.xlsx", Buffer.from(await workbook.xlsx.writeBuffer()));
};
