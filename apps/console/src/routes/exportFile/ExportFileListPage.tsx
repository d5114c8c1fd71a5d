import { Segmented } from "@tsp/ui";
import { useT } from "../../i18n/i18n";
import { navigateHash, useHashPath, useHashSearch } from "../../routing/hashLocation";
import { ExportTaskList } from "./ExportTaskList";
import { ImportTaskList } from "./ImportTaskList";
import { TASK_VIEWS, taskViewFilters } from "./taskViews";

/**
 * 导出文件列表 (/exportFile/index): the signed-in account's export files and, under 导入任务,
 * its import tasks (issue 21: imports run as tasks too). Which list shows is in the address.
 */
export default function ExportFileListPage() {
  const t = useT();
  const [path] = useHashPath();
  const { view } = taskViewFilters.parse(useHashSearch());
  const switcher = (
    <Segmented
      legend={t("exportFile.view")}
      options={TASK_VIEWS.map((value) => ({ value, label: t(`exportFile.view.${value}`) }))}
      value={view}
      onChange={(next) =>
        navigateHash(`${path}?${taskViewFilters.format({ view: next as (typeof TASK_VIEWS)[number] })}`)
      }
    />
  );
  return view === "imports" ? <ImportTaskList switcher={switcher} /> : <ExportTaskList switcher={switcher} />;
}
