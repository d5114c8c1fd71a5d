import * as d from "@tsp/domain";
import { buttonClass, FormDialog, type SelectOption, useToast } from "@tsp/ui";
import { useState } from "react";
import * as v from "valibot";
import { listVehicleGroups } from "../../../api/operate";
import * as api from "../../../api/ota";
import { type Translate, useT } from "../../../i18n/i18n";
import { useListReload } from "../../../kit/ListPage";
import { refusalByField } from "../../../kit/RowActions";
import { useCan } from "../../../permission/useCan";

/**
 * The form's values: VINs checked one by one with the domain's VIN rule; a group may add its
 * members. Built per locale: its messages are catalogue keys (`ota.msg.*`).
 */
function campaignSchema(t: Translate) {
  return v.pipe(
    v.object({
      name: v.pipe(v.string(), v.trim(), v.minLength(1, t("ota.msg.name")), v.maxLength(50, t("ota.msg.nameLength"))),
      packageId: v.number(t("ota.msg.package")),
      vins: v.pipe(
        v.array(v.string()),
        v.maxLength(d.MAX_CAMPAIGN_VEHICLES, t("ota.msg.maxVehicles", { n: d.MAX_CAMPAIGN_VEHICLES })),
        v.check((vins) => vins.every((x) => d.vinProblem(x) === null), t("ota.msg.vin")),
      ),
      groupId: v.nullable(v.number()),
      timeoutMin: v.pipe(
        v.number(t("ota.msg.timeout")),
        v.integer(),
        v.minValue(1, t("ota.msg.timeoutRange")),
        v.maxValue(10080, t("ota.msg.timeoutRange")),
      ),
    }),
    v.forward(
      v.check((c) => c.vins.length > 0 || c.groupId !== null, t("ota.msg.vehicles")),
      ["vins"],
    ),
  );
}

/** 新建升级任务: a package, VINs and/or a vehicle group, the time limit; created 待启动. */
export function NewCampaignButton() {
  const t = useT();
  const can = useCan();
  const toast = useToast();
  const reload = useListReload();
  const [options, setOptions] = useState<{ packages: SelectOption[]; groups: SelectOption[] } | null>(null);
  if (!can("createOtaCampaign")) return null;
  const open = async () => {
    const [packages, groups] = await Promise.all([
      api.listOtaPackages({ pageNum: 1, pageSize: 100 }),
      listVehicleGroups({ pageNum: 1, pageSize: 100 }),
    ]);
    setOptions({
      packages: packages.list.map((p) => ({ value: String(p.id), label: `${p.name}（${p.firmwareVersion}）` })),
      groups: groups.list.map((g) => ({ value: String(g.id), label: g.name })),
    });
  };
  return (
    <>
      <button type="button" className={buttonClass("primary")} onClick={() => void open()}>
        {t("ota.newCampaign")}
      </button>
      {options && (
        <FormDialog
          open
          title={t("ota.newCampaign")}
          fields={[
            { key: "name", kind: "text", label: t("ota.name"), required: true, maxLength: 50 },
            {
              key: "packageId",
              kind: "select",
              label: t("ota.packageId"),
              required: true,
              options: options.packages,
              numeric: true,
            },
            { key: "vins", kind: "lines", label: t("ota.vins") },
            { key: "groupId", kind: "select", label: t("ota.group"), options: options.groups, numeric: true },
            { key: "timeoutMin", kind: "number", label: t("ota.timeoutMin"), required: true },
          ]}
          initial={{
            name: "",
            packageId: Number(options.packages[0]?.value ?? Number.NaN),
            vins: [] as string[],
            groupId: null as number | null,
            timeoutMin: 60,
          }}
          schema={campaignSchema(t)}
          onClose={() => setOptions(null)}
          onSubmit={async (values) => {
            try {
              await api.createOtaCampaign({
                name: values.name,
                packageId: values.packageId,
                vins: values.vins,
                ...(values.groupId === null ? {} : { groupId: values.groupId }),
                timeoutMin: values.timeoutMin,
              });
            } catch (error) {
              return refusalByField(error) ?? {};
            }
            toast.success(t("ota.created"));
            setOptions(null);
            reload();
            return null;
          }}
        />
      )}
    </>
  );
}
