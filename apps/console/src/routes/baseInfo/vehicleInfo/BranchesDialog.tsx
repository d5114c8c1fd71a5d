import * as d from "@tsp/domain";
import { buttonClass, DataTable, Dialog, type FormField, type SelectOption } from "@tsp/ui";
import { useEffect, useState } from "react";
import * as api from "../../../api/vehicleModels";
import { useT } from "../../../i18n/i18n";
import { DeleteButton, EditButton } from "../../../kit/RowActions";

/**
 * 品牌车系: the catalogue's brands and series with how many children each has — add, rename,
 * move (another manufacturer or brand) and delete (refused by the server while children use
 * it). Each save sends the version it read. `onChanged` lets the screen reload its pickers.
 * Everyone may look; the buttons show where the caller keeps the catalogue and holds the permission.
 */
export function BranchesButton({ oems, onChanged }: { oems: readonly SelectOption[]; onChanged: () => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={buttonClass("default")} onClick={() => setOpen(true)}>
        {t("vmodel.branches")}
      </button>
      {open && <BranchesDialog oems={oems} onClose={() => setOpen(false)} onChanged={onChanged} />}
    </>
  );
}

function BranchesDialog({
  oems,
  onClose,
  onChanged,
}: {
  oems: readonly SelectOption[];
  onClose: () => void;
  onChanged: () => void;
}) {
  const t = useT();
  const [branches, setBranches] = useState<api.CatalogueBranches>({ brands: [], series: [] });
  // Each change asks for a new round; the tables show loading until that round's answer is in.
  const [round, setRound] = useState(0);
  const [loaded, setLoaded] = useState(-1);
  useEffect(() => {
    let live = true;
    Promise.resolve(round)
      .then(async (r) => ({ r, b: await api.listCatalogueBranches() }))
      .then(({ r, b }) => {
        if (!live) return;
        setBranches(b);
        setLoaded(r);
      })
      .catch(() => live && setLoaded(round));
    return () => {
      live = false;
    };
  }, [round]);
  const loading = loaded !== round;
  const changed = () => {
    setRound((r) => r + 1);
    onChanged();
  };
  const brandOptions = branches.brands.map((b) => ({
    value: String(b.brandId),
    label: `${b.oemName} / ${b.brandName}`,
  }));
  const brandFields: FormField[] = [
    { key: "oemId", kind: "select", label: t("vmodel.oem"), options: oems, required: true },
    {
      key: "brandName",
      kind: "text",
      label: t("vmodel.brandName"),
      required: true,
      maxLength: d.CATALOGUE_NAME_MAX_LENGTH,
    },
  ];
  const seriesFields: FormField[] = [
    { key: "brandId", kind: "select", label: t("vmodel.brand"), options: brandOptions, required: true },
    {
      key: "seriesName",
      kind: "text",
      label: t("vmodel.seriesName"),
      required: true,
      maxLength: d.CATALOGUE_NAME_MAX_LENGTH,
    },
  ];
  const editable = branches.brands[0]?.editable === true;
  const brand = (b: api.CatalogueBrand | null) => (
    <EditButton
      op="saveCatalogueBrand"
      label={b ? t("kit.edit") : t("vmodel.addBrand")}
      title={b ? t("vmodel.editBrand") : t("vmodel.addBrand")}
      fields={brandFields}
      schema={d.CatalogueBrandEditSchema}
      initial={() => ({ oemId: b ? String(b.oemId) : "", brandName: b?.brandName ?? "" }) as never}
      save={(e) => api.saveCatalogueBrand({ ...e, brandId: b?.brandId ?? null, updatedAt: b?.updatedAt ?? null })}
      onSaved={changed}
    />
  );
  const series = (s: api.CatalogueSeries | null) => (
    <EditButton
      op="saveCatalogueSeries"
      label={s ? t("kit.edit") : t("vmodel.addSeries")}
      title={s ? t("vmodel.editSeries") : t("vmodel.addSeries")}
      fields={seriesFields}
      schema={d.CatalogueSeriesEditSchema}
      initial={() => ({ brandId: s ? String(s.brandId) : "", seriesName: s?.seriesName ?? "" }) as never}
      save={(e) => api.saveCatalogueSeries({ ...e, seriesId: s?.seriesId ?? null, updatedAt: s?.updatedAt ?? null })}
      onSaved={changed}
    />
  );
  return (
    <Dialog open title={t("vmodel.branchesTitle")} width={900} onClose={onClose}>
      {!editable && !loading && <p className="mb-2 text-sm text-gray-600">{t("vmodel.readOnly")}</p>}
      <div className="grid grid-cols-2 gap-4">
        <section aria-label={t("vmodel.brand")}>
          <div className="mb-2 flex items-center justify-between">
            <h3 className="font-medium">{t("vmodel.brand")}</h3>
            {editable && brand(null)}
          </div>
          <DataTable
            label={t("vmodel.brand")}
            columns={[
              { key: "brandName", title: t("vmodel.brandName") },
              { key: "oemName", title: t("vmodel.oem"), ellipsis: true },
              { key: "seriesCount", title: t("vmodel.seriesCount"), width: 64, align: "right" },
              {
                key: "__actions",
                title: t("kit.actions"),
                width: 110,
                render: (b) =>
                  b.editable && (
                    <div className="flex gap-1">
                      {brand(b)}
                      <DeleteButton
                        op="deleteCatalogueBrand"
                        name={b.brandName}
                        remove={() => api.deleteCatalogueBrand(b.brandId)}
                        onDeleted={changed}
                      />
                    </div>
                  ),
              },
            ]}
            rows={branches.brands}
            rowKey={(b) => String(b.brandId)}
            loading={loading}
            height={360}
          />
        </section>
        <section aria-label={t("vmodel.series")}>
          <div className="mb-2 flex items-center justify-between">
            <h3 className="font-medium">{t("vmodel.series")}</h3>
            {editable && series(null)}
          </div>
          <DataTable
            label={t("vmodel.series")}
            columns={[
              { key: "seriesName", title: t("vmodel.seriesName") },
              { key: "brandName", title: t("vmodel.brand") },
              { key: "modelCount", title: t("vmodel.modelCount"), width: 64, align: "right" },
              {
                key: "__actions",
                title: t("kit.actions"),
                width: 110,
                render: (s) =>
                  s.editable && (
                    <div className="flex gap-1">
                      {series(s)}
                      <DeleteButton
                        op="deleteCatalogueSeries"
                        name={s.seriesName}
                        remove={() => api.deleteCatalogueSeries(s.seriesId)}
                        onDeleted={changed}
                      />
                    </div>
                  ),
              },
            ]}
            rows={branches.series}
            rowKey={(s) => String(s.seriesId)}
            loading={loading}
            height={360}
          />
        </section>
      </div>
    </Dialog>
  );
}
