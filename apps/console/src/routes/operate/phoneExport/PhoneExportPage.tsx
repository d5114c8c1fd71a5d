import * as d from "@tsp/domain";
import { createContext, useContext, useState } from "react";
import * as v from "valibot";
import * as api from "../../../api/multimedia";
import { useT } from "../../../i18n/i18n";
import { ExportButton } from "../../../kit/ExportButton";
import { ListPage } from "../../../kit/ListPage";
import { mediaColumns } from "../../tbox/visualization/mediaParts";
import "../../../i18n/screens/multimedia";

const filters = d.filterCodec(v.object({ vin: d.textFilter(17), start: d.timeFilter(), end: d.timeFilter() }));

/** The ticked photos and how to clear them (the page's state, reached from the heading's button). */
const ChosenContext = createContext<{ chosen: ReadonlySet<number>; clear: () => void }>({
  chosen: new Set(),
  clear: () => undefined,
});

/** 打包下载所选（n）: the ticked photos as one .zip export task. */
function DownloadChosen() {
  const t = useT();
  const { chosen, clear } = useContext(ChosenContext);
  return (
    <ExportButton
      op="exportMediaZip"
      label={t("media.downloadChosen", { n: chosen.size })}
      disabled={chosen.size === 0}
      run={async () => {
        await api.exportMediaZip({ ids: [...chosen] });
        clear();
      }}
    />
  );
}
const chosenExtra = () => <DownloadChosen />;

/**
 * 机械原始照片库 (/operate/phoneExport): the photos terminals uploaded, by VIN and shot time, with
 * preview; 打包下载 of the ticked photos or of the whole search (at most 500) as a .zip export
 * task in the export file list, behind the export permission.
 */
export default function PhoneExportPage() {
  const t = useT();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setChosen((old) => {
      const next = new Set(old);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <ChosenContext.Provider value={{ chosen, clear: () => setChosen(new Set()) }}>
      <ListPage
        screen="phoneExport"
        title={t("media.library.heading")}
        filters={filters}
        paging="numbered"
        load={({ filters: f, pageNum, pageSize, signal }) =>
          api.listMedia(
            {
              ...(f.vin ? { vin: f.vin } : {}),
              ...(f.start !== null ? { startTime: f.start } : {}),
              ...(f.end !== null ? { endTime: f.end } : {}),
              pageNum,
              pageSize,
            },
            signal,
          )
        }
        search={[
          { kind: "text", key: "vin", label: t("media.vin") },
          { kind: "dateTimeRange", keys: ["start", "end"], label: t("media.range"), quick: true },
        ]}
        exportAs={(f) => ({
          op: "exportMediaZip",
          run: () =>
            api.exportMediaZip({
              ...(f.vin ? { vin: f.vin } : {}),
              ...(f.start !== null ? { startTime: f.start } : {}),
              ...(f.end !== null ? { endTime: f.end } : {}),
            }),
        })}
        titleExtra={chosenExtra}
        hint={t("media.hint")}
        rowKey={(row) => String(row.id)}
        columns={[
          {
            key: "select",
            title: t("media.select"),
            width: 60,
            render: (m) =>
              m.url === null ? null : (
                <input
                  type="checkbox"
                  checked={chosen.has(m.id)}
                  onChange={() => toggle(m.id)}
                  aria-label={t("media.selectOne", { id: m.id })}
                />
              ),
          },
          ...mediaColumns(t),
        ]}
      />
    </ChosenContext.Provider>
  );
}
