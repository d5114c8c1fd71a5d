import { DICTIONARY_REGISTER } from "@tsp/domain";
import { RegisterPage, type RegisterScreen } from "../baseInfo/registers/RegisterPage";
import "../../i18n/screens/registers";

/**
 * 基础数据维护 (/dataService/base): the data dictionaries the selects offer (燃料类型, 车辆用途,
 * 车身颜色 …), one row per item, searched by dictionary, state and keyword; selects read the
 * enabled items through listDictOptions.
 */
const DICTIONARY: RegisterScreen = {
  def: DICTIONARY_REGISTER,
  base: "dictItem",
  ops: {
    create: "createDictItem",
    update: "updateDictItem",
    delete: "deleteDictItem",
    export: "exportDictItems",
    import: "importDictItems",
  },
  filters: ["dictType", "state"],
  tones: { enabled: "green", disabled: "gray" },
};

export default function DictionaryPage() {
  return <RegisterPage screen={DICTIONARY} />;
}
