import type { ServiceModule } from "../../types";
import * as m0025 from "./0025_nr4_key_sync";
import * as m0070 from "./0070_not_road_four";
import * as m0071 from "./0071_nr4_documents_activation";
import {
  exportTerminalActivations,
  listTerminalActivationHistory,
  listTerminalActivations,
  reportTerminalActivation,
  requestTerminalActivation,
  terminalActivationExporter,
} from "./activation";
import { addFilingDocument, deleteFilingDocument, listFilingDocuments } from "./documents";
import { serveFilings } from "./filings";
import { exportForwardStatistics, forwardStatistExporter, listForwardStatistics } from "./forwardStatist";
import { downloadForwardMachineTemplate, importForwardMachines } from "./machineImport";
import { forwardMachineExporter, forwardMachineHandlers } from "./machines";
import {
  createForwardPlatform,
  deleteForwardPlatform,
  getForwardPlatform,
  listForwardPlatforms,
  updateForwardPlatform,
} from "./platforms";
import { seedNotRoadFour } from "./seed";
import "./tables";

const filings = serveFilings();

/**
 * tsp-bss's 非道路国四数据转发 (issue 19, /notRoadFour): the four filings served by the register
 * piece with their transitions (submit, approve, reject, resubmit; rules in @tsp/domain
 * `notRoadFour/`), the forwarding platforms (password sealed at rest, never answered) and the
 * machines forwarded to each. Seeded after 机械信息 and 监管终端管理, which the filings name.
 */
export const tspBssNotRoadFour: ServiceModule = {
  name: "tsp-bss",
  migrations: {
    "tsp-bss:0070_not_road_four": m0070,
    "tsp-bss:0071_nr4_documents_activation": m0071,
    // Sorts before 0071: a no-op on a new database (0071 makes the tables whole), an alter on an old one.
    "tsp-bss:0025_nr4_key_sync": m0025,
  },
  handlers: {
    ...filings.handlers,
    listForwardPlatforms,
    getForwardPlatform,
    createForwardPlatform,
    updateForwardPlatform,
    deleteForwardPlatform,
    ...forwardMachineHandlers,
    importForwardMachines,
    downloadForwardMachineTemplate,
    listForwardStatistics,
    exportForwardStatistics,
    listFilingDocuments,
    addFilingDocument,
    deleteFilingDocument,
    listTerminalActivations,
    requestTerminalActivation,
    reportTerminalActivation,
    listTerminalActivationHistory,
    exportTerminalActivations,
  },
  exporters: {
    ...filings.exporters,
    exportForwardStatistics: forwardStatistExporter,
    exportForwardMachines: forwardMachineExporter,
    exportTerminalActivations: terminalActivationExporter,
  },
  seed: seedNotRoadFour,
};
