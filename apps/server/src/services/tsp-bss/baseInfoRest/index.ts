import type { ServiceModule } from "../../types";
import { serveRegister } from "../registers/register";
import * as m0040 from "./0040_baseinfo_rest";
import { seedBaseInfoRest } from "./seed";
import { BASE_INFO_REST_SERVICES } from "./services";
import "./tables";

const served = BASE_INFO_REST_SERVICES.map(serveRegister);

/**
 * tsp-bss's registers of 机械信息, 车机数据, 监管终端管理 and MES车辆管理 (issue 20): one
 * table each, every call served from @tsp/domain's declaration by the register engine. The
 * machinery pickers findMeinListByDim and listNongjiNoPage (lookups/machinery.ts) read
 * bss_machinery_info; the keyword search getECUList (lookups/keywordSearch.ts) reads bss_ecu.
 */
export const tspBssBaseInfoRest: ServiceModule = {
  name: "tsp-bss",
  migrations: { "tsp-bss:0040_baseinfo_rest": m0040 },
  handlers: Object.assign({}, ...served.map((s) => s.handlers)),
  exporters: Object.assign({}, ...served.map((s) => s.exporters)),
  seed: (ctx) => seedBaseInfoRest(ctx),
};
