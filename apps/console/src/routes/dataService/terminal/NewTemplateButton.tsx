import { buttonClass, FormDialog, useToast } from "@tsp/ui";
import { useState } from "react";
import * as api from "../../../api/terminalParams";
import { useT } from "../../../i18n/i18n";
import { useListReload } from "../../../kit/ListPage";
import { useCan } from "../../../permission/useCan";
import { TemplateSchema, templateBody, templateFields, templateRefusal } from "./templateForm";

/** 新建模板: name, the parameters as lines, a remark. */
export function NewTemplateButton() {
  const t = useT();
  const can = useCan();
  const toast = useToast();
  const reload = useListReload();
  const [open, setOpen] = useState(false);
  if (!can("createParamTemplate")) return null;
  return (
    <>
      <button type="button" className={buttonClass("primary")} onClick={() => setOpen(true)}>
        {t("termParam.new")}
      </button>
      {open && (
        <FormDialog
          open
          title={t("termParam.new")}
          fields={templateFields(t)}
          initial={{ name: "", params: [] as string[], remark: "" }}
          schema={TemplateSchema}
          onClose={() => setOpen(false)}
          onSubmit={async (values) => {
            try {
              await api.createParamTemplate(templateBody(values));
            } catch (error) {
              return templateRefusal(error);
            }
            toast.success(t("termParam.created"));
            setOpen(false);
            reload();
            return null;
          }}
        />
      )}
    </>
  );
}
