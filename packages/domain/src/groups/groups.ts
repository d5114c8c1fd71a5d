import * as v from "valibot";

/**
 * 车辆分组 (issue 18): named groups of a tenant's vehicles, used as a filter (故障报警) and as the
 * scope of an account's alarm messages (个人消息's setting) — which is why a group in use by a
 * setting cannot be deleted.
 */
export const GROUP_NAME_MAX = 30;
export const MSG_GROUP_NAME = `请输入分组名称（1–${GROUP_NAME_MAX} 个字）`;
export const MSG_GROUP_NAME_TAKEN = "分组名称已存在";
export const MSG_GROUP_NOT_IN_TENANT = "该车辆不属于本租户";
export const MSG_GROUP_MEMBER_EXISTS = "已在分组中";

/** The group's name: trimmed, 1–30 characters. */
export const VehicleGroupNameSchema = v.object({
  name: v.pipe(
    v.string(MSG_GROUP_NAME),
    v.trim(),
    v.minLength(1, MSG_GROUP_NAME),
    v.maxLength(GROUP_NAME_MAX, MSG_GROUP_NAME),
  ),
});

/** The refusal of a delete while accounts' message settings name the group. */
export const msgGroupInUse = (accounts: number): string =>
  `该分组正被 ${accounts} 个账号的消息通知设置使用，请先修改设置再删除`;
