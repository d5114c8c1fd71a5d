import type { HandlerTable } from "../../defineHandler";
import type { ServiceModule } from "../../types";
import * as m0055 from "./0055_content";
import {
  contentExporter,
  createContent,
  deleteContent,
  exportContents,
  getContent,
  listContents,
  offlineContent,
  publishContent,
  updateContent,
} from "./handlers";
import { seedContents } from "./seed";

const handlers = {
  listContents,
  getContent,
  createContent,
  updateContent,
  deleteContent,
  publishContent,
  offlineContent,
  exportContents,
} satisfies HandlerTable;

/**
 * 车载内容管理 (数据服务 › /dataService/content): content for the vehicles' head units, a slice
 * of its own (the register piece has no workflow): list, detail, draft create and edit with
 * optimistic concurrency, publish and take-down as calls of their own, delete of a draft,
 * export. Bodies are sanitised on the server with sanitize-html's allow-list (`sanitize.ts`).
 */
export const tspBssContent: ServiceModule = {
  name: "tsp-bss",
  migrations: { "tsp-bss:0055_content": m0055 },
  handlers,
  exporters: { exportContents: contentExporter },
  seed: (ctx) => seedContents(ctx),
};
