import {
  type FarmMachineryType,
  type ReliabilityDimension,
  reliabilityBreakdown,
  reliabilityDays,
  reliabilityMachines,
} from "@tsp/domain";
import type { AppContext } from "../../../context";
import { statsRange } from "../machineryStats/stats";
import { type ReliabilityTest, reliabilityMachineDays } from "./machineDays";

/** What the screen and its export ask: the test and the breakdown. */
export interface ReliabilityQuery extends ReliabilityTest {
  groupBy?: ReliabilityDimension | undefined;
}

/** The test of a request's query (range refused with 400 on startTime before anything is read; PINs split, upper case). */
export function reliabilityQuery(query: {
  startTime: number;
  endTime: number;
  groupBy?: ReliabilityDimension | undefined;
  machineryType?: "tractor" | "harvester" | undefined;
  model?: string | undefined;
  vins?: string | undefined;
}): ReliabilityQuery {
  statsRange(query);
  const vins = query.vins ? [...new Set(query.vins.split(",").map((v) => v.toUpperCase()))] : undefined;
  return {
    startTime: query.startTime,
    endTime: query.endTime,
    groupBy: query.groupBy,
    machineryType: query.machineryType,
    model: query.model || undefined,
    vins,
  };
}

/** 农机可靠性试验统计: the test's machines judged over the period and broken down as asked. */
export async function reliabilityStats(ctx: AppContext, tenantIds: readonly number[], q: ReliabilityQuery) {
  const days = await reliabilityMachineDays(ctx, tenantIds, q);
  const dayList = reliabilityDays(q.startTime, q.endTime);
  const machines = reliabilityMachines(days, dayList.length);
  const { rows, total } = reliabilityBreakdown(days, machines, q.groupBy ?? "machine", dayList);
  // The SQL reads farm types only: the type is one of FARM_MACHINERY_TYPES.
  const typed = machines.map((m) => ({ ...m, machineryType: m.machineryType as FarmMachineryType }));
  return { periodDays: dayList.length, rows, total, machines: typed };
}
