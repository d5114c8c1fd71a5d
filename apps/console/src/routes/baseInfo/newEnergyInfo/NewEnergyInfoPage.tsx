import * as d from "@tsp/domain";
import { actionsColumn, Badge, dateTimeColumn } from "@tsp/ui";
import * as api from "../../../api/ner";
import type { NerBaseInfo as Row } from "../../../api/types";
import { useT } from "../../../i18n/i18n";
import { ListPage } from "../../../kit/ListPage";
import { nerFilters, nerQuery, nerSearchFields, useNerChoices } from "../ner/nerSearch";
import { BindModelButton } from "./BindModelButton";
import { NerDetailButton } from "./NerDetailButton";
import "../../../i18n/screens/ner";

/**
 * 备案基础信息 (/baseInfo/newEnergyInfo): a row per vehicle — brand path, announcement model,
 * terminal and card, which of the four groups are filled, who changed it last — with 详情 (every
 * group), 绑定车型, 导出全部 (a sheet per group) and the announcement-model import.
 */
export default function NewEnergyInfoPage() {
  const t = useT();
  const choices = useNerChoices();
  const actions = (row: Row) => (
    <>
      <NerDetailButton vin={row.vin} />
      <BindModelButton vin={row.vin} models={choices.vehicleModels} />
    </>
  );
  return (
    <ListPage
      screen="newEnergyInfo"
      title={t("ner.base.heading")}
      filters={nerFilters}
      paging="numbered"
      load={({ filters: f, pageNum, pageSize, signal }) =>
        api.queryBaseInfo({ ...nerQuery(f), pageNum, pageSize }, signal)
      }
      search={nerSearchFields(t, choices)}
      exportAs={{ op: "exportNerAll", run: (f) => api.exportAll(nerQuery(f)) }}
      importAs={{ ...api.vehicleModelImport, title: t("ner.importModel"), fillHint: t("ner.importModelHint") }}
      rowKey={(row) => row.vin}
      columns={[
        { key: "vin", title: t("ner.vin"), width: 180 },
        { key: "plateNo", title: t("ner.plateNo"), width: 100 },
        {
          key: "brand",
          title: t("ner.brandPath"),
          ellipsis: true,
          text: (row) => [row.brandName, row.seriesName, row.modelName].filter(Boolean).join(" / "),
        },
        { key: "vehicleModel", title: t("ner.vehicleModel"), width: 140 },
        { key: "tboxSn", title: t("ner.tboxSn"), width: 150 },
        { key: "iccid", title: t("ner.iccid"), width: 190 },
        {
          key: "filled",
          title: t("ner.filled"),
          width: 250,
          render: (row) => (
            <span className="flex flex-wrap gap-1">
              {d.NER_GROUPS.map((g) => (
                <Badge
                  key={g}
                  tone={row.filled[g] ? "green" : "gray"}
                  title={row.filled[g] ? t("ner.filled") : t("ner.filledNone")}
                >
                  {t(`ner.group.${g}`)}
                </Badge>
              ))}
            </span>
          ),
        },
        { key: "updateName", title: t("ner.updateBy"), width: 100 },
        dateTimeColumn<Row>("updateTime", t("ner.updateTime")),
        actionsColumn<Row>(t("kit.actions"), actions, 150),
      ]}
    />
  );
}
