import type { HandlerTable } from "../../defineHandler";
import type { ServiceModule } from "../../types";
import * as m0003 from "./0003_sim_card";
import { deleteSimCard, getSimCard, updateSimCard } from "./edit";
import { exportSimCards, simCardExporter } from "./export";
import { importSimCards } from "./importSims";
import { listSimCards } from "./list";
import { seedSimCards } from "./seed";
import { downloadSimCardTemplate } from "./template";

const handlers = {
  listSimCards,
  getSimCard,
  updateSimCard,
  deleteSimCard,
  exportSimCards,
  importSimCards,
  downloadSimCardTemplate,
} satisfies HandlerTable;

/**
 * tsp-bss's SIM card register (base info › SIM卡数据, /baseInfo/simCard), a slice of the
 * tsp-bss service with its own migration, handlers, exporter and seed: list, detail, edit
 * with optimistic concurrency, delete of free cards, import with a per-row report, template
 * and export from one column list. The rules of a card are @tsp/domain's (`checkSimCardEdit`).
 */
export const tspBssSimCard: ServiceModule = {
  name: "tsp-bss",
  migrations: { "tsp-bss:0003_sim_card": m0003 },
  handlers,
  exporters: { exportSimCards: simCardExporter },
  seed: seedSimCards,
};
