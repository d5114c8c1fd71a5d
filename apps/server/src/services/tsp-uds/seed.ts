import type { SeedContext } from "../types";
import "../tsp-bss/tables";
import "./tables";

/**
 * The ECUs of a new-energy vehicle on 11-bit physical addressing (request 0x7E0…, response +8,
 * the ISO 15765-4 habit), as the generic set and every model's base. The simulated T-BOX
 * (simulator/udsEcus.ts) answers for the same ids.
 */
export const BASE_ECUS = [
  { name: "VCU 整车控制器", requestId: 0x7e0, responseId: 0x7e8 },
  { name: "BMS 电池管理系统", requestId: 0x7e1, responseId: 0x7e9 },
  { name: "MCU 电机控制器", requestId: 0x7e2, responseId: 0x7ea },
  { name: "BCM 车身控制器", requestId: 0x740, responseId: 0x748 },
  { name: "T-BOX 远程通讯终端", requestId: 0x7a0, responseId: 0x7a8 },
] as const;
/** Models with power steering on the diagnostic bus (every other model). */
export const EPS_ECU = { name: "EPS 电动助力转向", requestId: 0x730, responseId: 0x738 } as const;
/** Models with driver assistance (every third): a 29-bit (normal fixed) address, as such ECUs often use. */
export const ADAS_ECU = { name: "ADAS 驾驶辅助", requestId: 0x18da2af1, responseId: 0x18daf12a } as const;

const row = (modelId: number | null, e: { name: string; requestId: number; responseId: number }, sort: number) => ({
  model_id: modelId,
  name: e.name,
  request_id: e.requestId,
  response_id: e.responseId,
  sort,
});

/** The generic set and each model's ECUs; no rng: it follows the model ids. */
export async function seedUdsEcus(ctx: SeedContext): Promise<void> {
  const models = await ctx.db.selectFrom("bss_model").select("id").orderBy("id").execute();
  const rows = [
    ...BASE_ECUS.map((e, i) => row(null, e, i)),
    ...models.flatMap(({ id }) => [
      ...BASE_ECUS.map((e, i) => row(id, e, i)),
      ...(id % 2 === 0 ? [row(id, EPS_ECU, 5)] : []),
      ...(id % 3 === 0 ? [row(id, ADAS_ECU, 6)] : []),
    ]),
  ];
  for (let i = 0; i < rows.length; i += 500)
    await ctx.db
      .insertInto("uds_ecu")
      .values(rows.slice(i, i + 500))
      .execute();
}
