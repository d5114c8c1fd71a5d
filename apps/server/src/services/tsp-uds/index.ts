import type { HandlerTable } from "../defineHandler";
import type { ServiceModule } from "../types";
import * as m0020 from "./0020_uds";
import {
  exportUdsDiagnoses,
  listUdsDiagnoses,
  listUdsEcus,
  sendUdsControl,
  sendUdsRead,
  udsExporter,
} from "./diagnoses";
import { seedUdsEcus } from "./seed";

const handlers = {
  listUdsEcus,
  sendUdsRead,
  sendUdsControl,
  listUdsDiagnoses,
  exportUdsDiagnoses,
} satisfies HandlerTable;

/**
 * tsp-uds: UDS诊断 (issue 20). The ECU register per vehicle model, and diagnoses queued as
 * commands of the command model (kind udsDiagnosis, GB/T 32960 0x82 · 0x81): the gateway sends
 * them and stores the ECU's response; this module decodes it on read (@tsp/domain uds/).
 */
export const tspUds: ServiceModule = {
  name: "tsp-uds",
  migrations: { "tsp-uds:0020_uds": m0020 },
  handlers,
  exporters: { exportUdsDiagnoses: udsExporter },
  seed: seedUdsEcus,
};
