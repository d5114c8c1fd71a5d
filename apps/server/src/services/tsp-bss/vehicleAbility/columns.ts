/**
 * The columns of the 车型能力 sheet: the import's header row (importModelAbilities), the
 * template's (downloadModelAbilityTemplate) and the first columns of the export
 * (exportModelAbilities) — one list, so an export is a filled template.
 */
export const ABILITY_COLUMNS = [
  { key: "modelId", header: "车型编号", required: true, width: 10, hint: "车型信息中的车型编号（整数）" },
  {
    key: "modelName",
    header: "车型名称",
    required: false,
    width: 34,
    hint: "可不填；填写时须与车型编号对应的车型名称一致（防止错行）",
  },
  {
    key: "services",
    header: "支持的服务",
    required: false,
    width: 60,
    hint: "服务名称或编码，多个用顿号（、）或逗号分隔；不填表示该车型不支持任何服务。可选服务见下方服务目录",
  },
] as const;

export const ABILITY_HEADERS = ABILITY_COLUMNS.map((c) => c.header);
export const MSG_ABILITY_MODEL_ID = "车型编号应为正整数";
export const MSG_ABILITY_MODEL_MISSING = "车型不存在";
export const MSG_ABILITY_MODEL_NAME = "车型编号与车型名称不符，请核对是否错行";
export const MSG_ABILITY_DUPLICATE_IN_FILE = "文件中车型重复";
/** The template's example row names this model id; an import refuses it, so an unchanged template changes nothing. */
export const EXAMPLE_MODEL_ID = 999_999_999;
export const MSG_ABILITY_EXAMPLE_ROW = "这是模板的示例行，请替换为实际数据后导入";
