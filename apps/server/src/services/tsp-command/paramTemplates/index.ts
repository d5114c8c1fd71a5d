import type { HandlerTable } from "../../defineHandler";
import type { ServiceModule } from "../../types";
import * as m0016 from "./0016_param_templates";
import {
  applyParamTemplate,
  batchVehicleExporter,
  exportParamBatchVehicles,
  listParamBatches,
  listParamBatchVehicles,
  retryParamBatch,
} from "./batches";
import { seedParamTemplates } from "./seed";
import {
  createParamTemplate,
  deleteParamTemplate,
  listParamTemplateLog,
  listParamTemplates,
  updateParamTemplate,
} from "./templates";

const handlers = {
  listParamTemplates,
  createParamTemplate,
  updateParamTemplate,
  deleteParamTemplate,
  listParamTemplateLog,
  applyParamTemplate,
  listParamBatches,
  listParamBatchVehicles,
  retryParamBatch,
  exportParamBatchVehicles,
} satisfies HandlerTable;

/**
 * 终端参数设置 (数据服务 › /dataService/terminal, issue 20): a slice of tsp-command — parameter
 * templates with their change log, applied to many terminals as batches of set-parameter
 * commands on the command model (progress counted from the commands on read, retry of the failed).
 */
export const tspCommandParamTemplates: ServiceModule = {
  name: "tsp-command",
  migrations: { "tsp-command:0016_param_templates": m0016 },
  handlers,
  exporters: { exportParamBatchVehicles: batchVehicleExporter },
  seed: seedParamTemplates,
};
