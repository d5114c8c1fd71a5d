import { useContext, useMemo } from "react";
import { DialogSections } from "./DialogSections";
import { FeedbackSections } from "./FeedbackSections";
import { FormSections } from "./FormSections";
import { GalleryLoadersContext } from "./galleryLoaders";
import { HeavySections } from "./HeavySections";
import { SelectSections } from "./SelectSections";
import { sdkGalleryLoaders } from "./sdkLoaders";
import { TableSections } from "./TableSections";

const TOC: [string, string][] = [
  ["search-panel", "搜索面板"],
  ["selects", "选择器"],
  ["trees", "树形选择"],
  ["date-range", "日期范围"],
  ["table-numbered", "表格"],
  ["dialogs", "对话框"],
  ["uploaders", "上传"],
  ["geofence", "电子围栏"],
  ["map-picker", "地图选点"],
  ["charts", "图表"],
  ["editor", "富文本"],
  ["feedback", "提示"],
  ["permission", "权限"],
  ["tabs", "页签"],
];

/**
 * The widget gallery (#/gallery, hidden from the menu, guarded by the console's route table):
 * every @tsp/ui widget with real loaders against the reference server. Loaders come from
 * {@link GalleryLoadersContext} when the console provides one, else the SDK-backed set.
 */
export default function GalleryPage() {
  const injected = useContext(GalleryLoadersContext);
  const loaders = useMemo(() => injected ?? sdkGalleryLoaders(), [injected]);
  return (
    <GalleryLoadersContext.Provider value={loaders}>
      <div className="flex flex-col gap-4 text-sm text-gray-800">
        <header className="flex flex-col gap-2">
          <h1 className="text-lg font-medium">组件示例</h1>
          <nav aria-label="组件目录" className="flex flex-wrap gap-x-3 gap-y-1 text-xs">
            {TOC.map(([id, name]) => (
              <button
                key={id}
                type="button"
                className="text-blue-600 hover:underline"
                onClick={() => document.getElementById(id)?.scrollIntoView({ block: "start" })}
              >
                {name}
              </button>
            ))}
          </nav>
        </header>
        <FormSections />
        <SelectSections />
        <TableSections />
        <DialogSections />
        <HeavySections />
        <FeedbackSections />
      </div>
    </GalleryLoadersContext.Provider>
  );
}
