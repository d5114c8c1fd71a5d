import type { ServiceModule } from "../types";
import { downloadExportFile, getExportFileList } from "./exportFileHandlers";
import { getImportTask, listImportTasks } from "./importTaskHandlers";
import { getHomeOverview, getMyInfo, getPermissions } from "./userHandlers";

/** comm-inc-center: who am I, what may I do, the home overview and the export file list. */
export const commIncCenter: ServiceModule = {
  name: "comm-inc-center",
  migrations: {},
  handlers: {
    getMyInfo,
    getPermissions,
    getHomeOverview,
    getExportFileList,
    downloadExportFile,
    getImportTask,
    listImportTasks,
  },
};
