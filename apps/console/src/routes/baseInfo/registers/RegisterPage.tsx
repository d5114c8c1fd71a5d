import * as d from "@tsp/domain";
import type { PermittedOperation } from "@tsp/sdk";
import {
  actionsColumn,
  type BadgeTone,
  type Column,
  enumColumn,
  type FormField,
  type RemotePage,
  RemoteSelect,
  type SearchField,
  type SelectOption,
} from "@tsp/ui";
import type { ReactNode } from "react";
import * as v from "valibot";
import {
  type OptionQuery,
  type RegisterBase,
  type RegisterRecord,
  registerCalls,
  registerImport,
} from "../../../api/registers";
import { formatDateTime } from "../../../format/dateTime";
import { type MessageKey, type Translate, useT } from "../../../i18n/i18n";
import { ListPage, useListReload } from "../../../kit/ListPage";
import { catalogueEnum } from "../../../kit/options";
import { DeleteButton, DetailButton, EditButton } from "../../../kit/RowActions";
// Every register screen's words: keys are built from the register's name (`reg.<name>.<field>`).
import "../../../i18n/screens/dataService";
import "../../../i18n/screens/notRoadFour";
import "../../../i18n/screens/registers";
import "../../../i18n/screens/registersRest";
import "../../../i18n/screens/registersState";

/**
 * One register screen, declared: the domain's declaration (fields, checks), where its calls
 * live, the operations behind its buttons, and what the search offers. A new coded register
 * is a declaration in @tsp/domain, one in the server's `registers/services.ts`, its calls in
 * openapi/ and one of these (docs/architecture.md).
 */
export interface RegisterScreen {
  def: d.RegisterDef;
  base: RegisterBase;
  ops: {
    create: PermittedOperation;
    update: PermittedOperation;
    delete: PermittedOperation;
    export: PermittedOperation;
    import: PermittedOperation;
  };
  /** Choice fields the search filters on (the list call's parameters of the same name). */
  filters: readonly string[];
  /** Badge tones of choice values. */
  tones?: Readonly<Record<string, BadgeTone>>;
  /**
   * The keyword box as a picker over the register's keyword search (GET /tsp-bss/search/…):
   * the picked row's code becomes the keyword. A plain text box when absent.
   */
  picker?: (query: OptionQuery, signal: AbortSignal) => Promise<RemotePage<SelectOption>>;
  /** How the list shows a text field (a phone masked); the detail, the form and the export keep the value. */
  masks?: Readonly<Record<string, (value: string) => string>>;
  /** More row buttons before 删除 (APP用户信息's vehicles). */
  rowActions?: (row: RegisterRecord & Record<string, unknown>) => ReactNode;
  /** More buttons beside 新增 (CAN信号's DBC import); they may reload the list with `useListReload`. */
  extra?: () => ReactNode;
  /** Whether a row may be edited now (a filing only as 草稿 / 已驳回); always when absent. */
  canEdit?: (row: RegisterRecord & Record<string, unknown>) => boolean;
  /** Whether a row may be deleted now (a filing only as 草稿); always when absent. */
  canDelete?: (row: RegisterRecord & Record<string, unknown>) => boolean;
}

type Row = RegisterRecord & Record<string, unknown>;
/** A register's message key (the catalogue has `reg.<register>.<field>[.<value>]` for each). */
const key = (def: d.RegisterDef, ...parts: string[]) => `reg.${[def.name, ...parts].join(".")}` as MessageKey;

/** The form of a row: each declared field as the kit's form field; the key is shown, not edited, once saved. */
function formFields(
  t: Translate,
  screen: RegisterScreen,
  choices: (f: d.RegisterField) => SelectOption[],
  editing: boolean,
) {
  // Read-only fields (a filing's state) are set by their own calls, never by the form.
  return d.writableFields(screen.def).map(
    (f, i): FormField => ({
      key: f.key,
      label: t(key(screen.def, f.key)),
      kind:
        f.kind === "choice"
          ? "select"
          : f.kind === "integer" || f.kind === "decimal"
            ? "number"
            : f.kind === "date"
              ? "date"
              : (f.maxLength ?? 0) >= 200
                ? "textarea"
                : "text",
      required: f.required,
      ...(f.kind === "choice" ? { options: choices(f) } : {}),
      ...(f.kind === "creditCode"
        ? { maxLength: 18 }
        : f.kind === "vin"
          ? { maxLength: 17 }
          : f.maxLength
            ? { maxLength: f.maxLength }
            : {}),
      ...(i === 0 && editing ? { readOnly: true } : {}),
    }),
  );
}

/** The fields of a record, nothing else (what the edit form starts from). */
const fieldsOf = (def: d.RegisterDef, row: Row): d.RegisterValues =>
  Object.fromEntries(d.writableFields(def).map((f) => [f.key, (row[f.key] as string | number | null) ?? null]));

/** The filters as the list and export calls take them: a choice left at 全部 is not sent. */
const query = (f: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(f).filter(([, value]) => value !== "")) as Record<string, string>;

/** The search form: the keyword (a picker over the register's keyword search, or a text box), then the choices. */
function searchFields(
  t: Translate,
  screen: RegisterScreen,
  choices: (f: d.RegisterField) => SelectOption[],
): SearchField[] {
  const { def, picker } = screen;
  const keywordLabel = picker ? t(key(def, "picker")) : t("reg.keyWords");
  const keyword: SearchField = picker
    ? {
        kind: "choice",
        key: "keyWords",
        label: keywordLabel,
        remote: (value, onChange) => (
          <RemoteSelect
            label={keywordLabel}
            maxLength={50}
            makeQuery={(keyWords, pageIndex, pageSize) => ({ keyWords, pageIndex, pageSize })}
            loader={picker}
            toOption={(o) => o}
            value={value || null}
            onChange={(code) => onChange(code ?? "")}
          />
        ),
      }
    : { kind: "text", key: "keyWords", label: keywordLabel };
  return [
    keyword,
    ...screen.filters.map(
      (k): SearchField => ({
        kind: "choice",
        key: k,
        label: t(key(def, k)),
        options: choices(def.fields.find((f) => f.key === k) as d.RegisterField),
      }),
    ),
  ];
}

/** The heading's 新增 (a render function, so the list page places it). */
const createButton = (screen: RegisterScreen, fields: readonly FormField[]) => () => (
  <>
    <CreateButton screen={screen} fields={fields} />
    {screen.extra?.()}
  </>
);

/** 新增 beside the heading, with the create call's permission; the list reloads after a save. */
function CreateButton({ screen, fields }: { screen: RegisterScreen; fields: readonly FormField[] }) {
  const t = useT();
  const reload = useListReload();
  const calls = registerCalls(screen.base, d.registerKey(screen.def).key);
  return (
    <EditButton
      op={screen.ops.create}
      label={t("reg.add")}
      title={`${t("reg.add")} · ${t(key(screen.def, "heading"))}`}
      fields={fields}
      schema={d.registerSchema(screen.def)}
      initial={() => d.emptyRegisterRow(screen.def) as d.RegisterValues}
      save={calls.create}
      onSaved={reload}
    />
  );
}

/** A register screen: search (keyword or picker, choices), page, detail, create, edit, delete, export, import. */
export function RegisterPage({ screen }: { screen: RegisterScreen }) {
  const t = useT();
  const { def } = screen;
  const keyField = d.registerKey(def);
  const calls = registerCalls(screen.base, keyField.key);
  const enums = new Map(
    def.fields
      .filter((f) => f.kind === "choice")
      .map((f) => [f.key, catalogueEnum(t, key(def, f.key), Object.keys(f.choices ?? {}), screen.tones)]),
  );
  const choices = (f: d.RegisterField) => enums.get(f.key)?.options ?? [];
  const filters = d.filterCodec(
    v.object({
      keyWords: d.textFilter(50),
      ...Object.fromEntries(
        screen.filters.map((k) => [
          k,
          d.choiceFilter(Object.keys(def.fields.find((f) => f.key === k)?.choices ?? {}) as [string, ...string[]]),
        ]),
      ),
    }),
  );
  const shown = (f: d.RegisterField, row: Row) => {
    const value = row[f.key];
    return f.kind === "choice" ? (enums.get(f.key)?.badges[String(value)]?.label ?? value) : value;
  };
  const actions = (row: Row) => (
    <>
      <DetailButton
        title={String(row[keyField.key])}
        items={() => [
          ...def.fields.map((f) => ({ label: t(key(def, f.key)), value: shown(f, row) as string | number | null })),
          { label: t("reg.updated"), value: `${row.updateName ?? ""} ${formatDateTime(row.updatedAt)}`.trim() },
        ]}
      />
      {(screen.canEdit?.(row) ?? true) && (
        <EditButton
          op={screen.ops.update}
          title={`${t("kit.edit")} · ${String(row[keyField.key])}`}
          fields={formFields(t, screen, choices, true)}
          schema={d.registerSchema(def)}
          initial={() => fieldsOf(def, row)}
          save={(values) => calls.update({ ...values, updatedAt: row.updatedAt })}
        />
      )}
      {screen.rowActions?.(row)}
      {(screen.canDelete?.(row) ?? true) && (
        <DeleteButton
          op={screen.ops.delete}
          name={String(row[def.nameField] ?? row[keyField.key])}
          remove={() => calls.remove(String(row[keyField.key]))}
        />
      )}
    </>
  );
  const columns: Column<Row>[] = [
    ...def.fields
      .filter((f) => f.listed)
      .map((f): Column<Row> => {
        const title = t(key(def, f.key));
        const badges = enums.get(f.key)?.badges;
        const mask = screen.masks?.[f.key];
        if (mask) {
          const text = (row: Row) => (typeof row[f.key] === "string" ? mask(row[f.key] as string) : "");
          return { key: f.key as never, title, render: text, text };
        }
        return badges ? enumColumn<Row>(f.key as never, title, badges) : { key: f.key as never, title };
      }),
    actionsColumn<Row>(t("kit.actions"), actions, screen.rowActions ? 200 : 150),
  ];
  return (
    <ListPage
      screen={def.name}
      title={t(key(def, "heading"))}
      filters={filters}
      paging="numbered"
      load={async ({ filters: f, pageNum, pageSize, signal }) =>
        (await calls.list(query(f), { pageNum, pageSize }, signal)) as { list: Row[]; total: number }
      }
      exportAs={{ op: screen.ops.export, run: (f) => calls.exportRows(query(f)) }}
      importAs={{
        ...registerImport(calls, screen.ops.import),
        title: t(key(def, "import")),
        fillHint: t(key(def, "importHint")),
      }}
      titleExtra={createButton(screen, formFields(t, screen, choices, false))}
      search={searchFields(t, screen, choices)}
      rowKey={(row) => String(row[keyField.key])}
      columns={columns}
    />
  );
}
