import * as d from "@tsp/domain";
import { actionsColumn, buttonClass, dateTimeColumn, FormDialog, useToast } from "@tsp/ui";
import { useState } from "react";
import * as v from "valibot";
import * as api from "../../../api/operate";
import { useT } from "../../../i18n/i18n";
import { ListPage } from "../../../kit/ListPage";
import { DeleteButton, EditButton, refusalByField } from "../../../kit/RowActions";
import { useCan } from "../../../permission/useCan";
import { ToolbarButton } from "../../baseInfo/tbox/PickDialog";
import { GroupMembers } from "./GroupMembers";
import "../../../i18n/screens/operateAlarms";

const filters = d.filterCodec(v.object({ name: d.textFilter(30) }));
type Row = api.VehicleGroup;

function GroupActions({ row }: { row: Row }) {
  const t = useT();
  const [members, setMembers] = useState(false);
  return (
    <>
      <button type="button" className={buttonClass("link")} onClick={() => setMembers(true)}>
        {t("group.members")}
      </button>
      <EditButton
        op="renameVehicleGroup"
        label={t("group.rename")}
        title={t("group.renameTitle")}
        fields={[{ key: "name", kind: "text", label: t("group.name"), required: true, maxLength: d.GROUP_NAME_MAX }]}
        schema={d.VehicleGroupNameSchema}
        initial={() => ({ name: row.name })}
        save={(values) => api.renameVehicleGroup(row.id, values.name)}
      />
      <DeleteButton op="deleteVehicleGroup" name={row.name} remove={() => api.deleteVehicleGroup(row.id)} />
      {members && <GroupMembers group={row} onClose={() => setMembers(false)} />}
    </>
  );
}

/**
 * 车辆分组 (/operate/group): the tenant's named groups of vehicles — search by name, 新建分组,
 * 重命名, 删除 (refused while a message setting uses the group), 车辆 (members: add, remove,
 * import with a per-row report, export). Groups filter 故障报警 and scope 个人消息.
 */
export default function GroupPage() {
  const t = useT();
  const can = useCan();
  const toast = useToast();
  const [adding, setAdding] = useState(false);
  const toolbar = (list: { reload: () => void }) =>
    can("createVehicleGroup") && (
      <>
        <ToolbarButton label={t("group.add")} onClick={() => setAdding(true)} />
        {adding && (
          <FormDialog
            open
            title={t("group.addTitle")}
            fields={[
              { key: "name", kind: "text", label: t("group.name"), required: true, maxLength: d.GROUP_NAME_MAX },
            ]}
            initial={{ name: "" }}
            schema={d.VehicleGroupNameSchema}
            onClose={() => setAdding(false)}
            onSubmit={async (values) => {
              try {
                await api.createVehicleGroup(values.name);
              } catch (error) {
                return refusalByField(error) ?? {};
              }
              toast.success(t("kit.saved"));
              setAdding(false);
              list.reload();
              return null;
            }}
          />
        )}
      </>
    );
  const actions = (row: Row) => <GroupActions row={row} />;
  return (
    <ListPage
      screen="vehicleGroup"
      title={t("group.heading")}
      filters={filters}
      paging="numbered"
      load={({ filters: f, pageNum, pageSize, signal }) =>
        api.listVehicleGroups({ ...(f.name ? { name: f.name } : {}), pageNum, pageSize }, signal)
      }
      titleExtra={toolbar}
      search={[{ kind: "text", key: "name", label: t("group.name") }]}
      emptyText={t("group.noRows")}
      rowKey={(row) => String(row.id)}
      columns={[
        { key: "name", title: t("group.name"), width: 200 },
        { key: "memberCount", title: t("group.memberCount"), width: 90 },
        { key: "createdBy", title: t("group.createdBy"), width: 120 },
        dateTimeColumn<Row>("createdAt", t("group.createdAt")),
        actionsColumn<Row>(t("kit.actions"), actions, 200),
      ]}
    />
  );
}
