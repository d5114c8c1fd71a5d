import type { ServiceModule } from "../../types";
import { serveRegister } from "../registers/register";
import * as m0050 from "./0050_data_service";
import * as m0051 from "./0051_dictionary_info_system";
import { importCanDbc } from "./dbcImport";
import { listDictOptions } from "./dictOptions";
import { seedDataService } from "./seed";
import { DATA_SERVICE_REGISTERS } from "./services";

const served = DATA_SERVICE_REGISTERS.map(serveRegister);

/**
 * tsp-bss's 数据服务 registers: 报文故障码管理 (the fault-code dictionary; `faultCodeIndexFor`
 * gives the journals @tsp/domain's index to name codes with), CAN信号采集 (CAN signal
 * definitions per vehicle model, with the DBC import `importCanDbc`), 基础数据维护 (the data
 * dictionaries; `listDictOptions` for selects) and 车载信息系统管理 (head-unit system
 * releases). All are served by the base-information register piece from @tsp/domain's
 * declarations.
 */
export const tspBssDataService: ServiceModule = {
  name: "tsp-bss",
  migrations: { "tsp-bss:0050_data_service": m0050, "tsp-bss:0051_dictionary_info_system": m0051 },
  handlers: Object.assign({ importCanDbc, listDictOptions }, ...served.map((s) => s.handlers)),
  exporters: Object.assign({}, ...served.map((s) => s.exporters)),
  seed: (ctx) => seedDataService(ctx),
};
