import * as d from "@tsp/domain";
import * as v from "valibot";
import * as api from "../../../api/multimedia";
import { useT } from "../../../i18n/i18n";
import { ListPage } from "../../../kit/ListPage";
import { mediaColumns } from "../visualization/mediaParts";
import "../../../i18n/screens/multimedia";

const filters = d.filterCodec(v.object({ vin: d.textFilter(17), start: d.timeFilter(), end: d.timeFilter() }));

/**
 * 报警附件上传 (/tbox/warnupload): what JT/T 808 terminals shot because of an alarm (0x0801 events
 * 2 抢劫 / 3 碰撞侧翻, or an alarm flag in the location they carry) — by VIN and shot time, each
 * with its preview and download (5-minute signed links of the private objects).
 */
export default function WarnUploadPage() {
  const t = useT();
  return (
    <ListPage
      screen="warnupload"
      title={t("media.warn.heading")}
      filters={filters}
      paging="numbered"
      load={({ filters: f, pageNum, pageSize, signal }) =>
        api.listMedia(
          {
            alarmOnly: true,
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
      hint={t("media.hint")}
      rowKey={(row) => String(row.id)}
      columns={mediaColumns(t)}
    />
  );
}
