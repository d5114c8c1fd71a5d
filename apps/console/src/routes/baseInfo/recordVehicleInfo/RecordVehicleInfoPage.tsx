import * as d from "@tsp/domain";
import { actionsColumn, type Column, dateTimeColumn, ellipsisColumn, Segmented } from "@tsp/ui";
import * as api from "../../../api/ner";
import type { NerGroupRecord as Row } from "../../../api/types";
import { type MessageKey, useT } from "../../../i18n/i18n";
import { ListPage } from "../../../kit/ListPage";
import { type NerSearch, nerFilters, nerQuery, nerSearchFields, useNerChoices } from "../ner/nerSearch";
import { GroupActions } from "./GroupActions";
import "../../../i18n/screens/ner";

/** The columns of each group's table besides VIN, who and when (the form shows every field). */
const COLUMNS: { [G in d.NerGroup]: readonly d.NerField<G>[] } = {
  vehicleInfo: ["plateNo", "vehicleUse", "carBuying", "creditName", "registerDate"],
  batteryInfo: ["batteryModel", "batteryType", "ratedEnergy", "packCount", "manufacturer"],
  driveInfo: ["driveModel", "motorPosition", "motorCount", "peakPower", "manufacturer"],
  terminalInfo: ["tboxSn", "tboxModel", "iccid", "msisdn", "protocol"],
};

const EXPORT_OPS = {
  vehicleInfo: "exportNerVehicleInfo",
  batteryInfo: "exportNerBatteryInfo",
  driveInfo: "exportNerDriveInfo",
  terminalInfo: "exportNerTerminalInfo",
} as const;

/**
 * 备案车辆信息 (/baseInfo/recordVehicleInfo): one view per editable group — 车辆信息, 动力电池,
 * 驱动电机, 终端 — each searched, paged, exported and imported on its own, with 编辑 (the domain's
 * rules, optimistic concurrency) and 变更记录 (before → after, who, when) per vehicle.
 */
export default function RecordVehicleInfoPage() {
  const t = useT();
  const choices = useNerChoices();
  const groups = d.NER_GROUPS.map((g) => ({ value: g, label: t(`ner.group.${g}`) }));
  const groupSwitch = (list: { filters: NerSearch; search: (f: NerSearch) => void }) => (
    <Segmented
      legend={t("ner.groupSwitch")}
      options={groups}
      value={list.filters.group}
      onChange={(g) => list.search({ ...list.filters, group: g as d.NerGroup })}
    />
  );
  return (
    <ListPage
      screen="recordVehicleInfo"
      title={t("ner.record.heading")}
      filters={nerFilters}
      paging="numbered"
      load={({ filters: f, pageNum, pageSize, signal }) =>
        api.queryGroup(f.group, { ...nerQuery(f), pageNum, pageSize }, signal)
      }
      titleExtra={groupSwitch}
      search={nerSearchFields(t, choices)}
      exportAs={(f) => ({ op: EXPORT_OPS[f.group], run: (g) => api.exportGroup(g.group, nerQuery(g)) })}
      importAs={(f) => ({
        ...api.groupImport(f.group),
        title: t("ner.importGroup", { group: t(`ner.group.${f.group}`) }),
        fillHint: t("ner.importHint", { group: t(`ner.group.${f.group}`) }),
      })}
      rowKey={(row) => row.vin}
      columns={(f) => [
        { key: "vin", title: t("ner.vin"), width: 180 },
        ...COLUMNS[f.group].map(
          (key): Column<Row> =>
            key === "creditName" || key === "manufacturer"
              ? ellipsisColumn<Row>(key as keyof Row, t(`ner.${f.group}.${key}` as MessageKey))
              : { key, title: t(`ner.${f.group}.${key}` as MessageKey), width: 130 },
        ),
        { key: "updateName", title: t("ner.updateBy"), width: 100 },
        dateTimeColumn<Row>("updateTime", t("ner.updateTime")),
        actionsColumn<Row>(t("kit.actions"), (row) => <GroupActions group={f.group} row={row} choices={choices} />),
      ]}
    />
  );
}
