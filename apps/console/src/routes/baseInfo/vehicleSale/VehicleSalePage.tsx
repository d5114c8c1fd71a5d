import * as d from "@tsp/domain";
import { actionsColumn, enumColumn, FormDialog, useToast } from "@tsp/ui";
import { useEffect, useState } from "react";
import * as v from "valibot";
import * as api from "../../../api/vehicleSales";
import { useT } from "../../../i18n/i18n";
import { ListPage } from "../../../kit/ListPage";
import { catalogueEnum } from "../../../kit/options";
import { refusalByField } from "../../../kit/RowActions";
import { useCan } from "../../../permission/useCan";
import { PickDialog, ToolbarButton } from "../tbox/PickDialog";
import { SaleActions } from "./SaleActions";
import { newSale, type SaleChoices, saleFormFields } from "./SaleForm";
import "../../../i18n/screens/vehicleSale";

const { textFilter: text, choiceFilter: choice } = d;
const filters = d.filterCodec(
  v.object({
    vin: text(17),
    dealerCode: text(50),
    pickupCode: text(50),
    buyerName: text(100),
    buyerType: choice(d.SALE_BUYER_TYPES),
    use: choice(d.SALE_USES),
    invoiceNo: text(20),
    saleDateStart: text(10),
    saleDateEnd: text(10),
  }),
);
const query = (f: v.InferOutput<typeof filters.schema>) =>
  Object.fromEntries(Object.entries(f).filter(([, value]) => value !== "")) as api.SaleFilters;
type Row = api.SaleRecord;

function useChoices(t: ReturnType<typeof useT>): SaleChoices {
  const [loaded, setLoaded] = useState<Pick<SaleChoices, "saleDealers" | "dealers" | "pickups">>({
    saleDealers: [],
    dealers: [],
    pickups: [],
  });
  useEffect(() => {
    void Promise.all([api.saleDealers(), api.allDealers(), api.pickups()]).then(
      ([saleDealers, dealers, pickups]) => setLoaded({ saleDealers, dealers, pickups }),
      () => {
        // Toasted by the shell; the selects stay empty.
      },
    );
  }, []);
  return {
    ...loaded,
    buyerTypes: catalogueEnum(t, "sale.buyerType", d.SALE_BUYER_TYPES).options,
    uses: catalogueEnum(t, "sale.use", d.SALE_USES).options,
  };
}

/**
 * 实销车辆 (/baseInfo/vehicleSale): retail sales — search, page, record a sale of an unsold
 * vehicle (findUnSale), edit, a logged undo, import, export.
 */
export default function VehicleSalePage() {
  const t = useT();
  const can = useCan();
  const toast = useToast();
  const choices = useChoices(t);
  const [picking, setPicking] = useState(false);
  const [vin, setVin] = useState<string | null>(null);
  const [today, setToday] = useState("");
  const buyers = catalogueEnum(t, "sale.buyerType", d.SALE_BUYER_TYPES, { company: "blue" });
  const uses = catalogueEnum(t, "sale.use", d.SALE_USES, { operating: "green" });
  const actions = (row: Row) => <SaleActions row={row} choices={choices} />;
  const toolbar = (list: { reload: () => void }) =>
    can("createVehicleSale") && (
      <>
        <ToolbarButton label={t("sale.record")} onClick={() => setPicking(true)} />
        <PickDialog
          open={picking}
          title={t("sale.pickTitle")}
          label={t("sale.pickVin")}
          confirmText={t("sale.next")}
          loader={api.unsoldPage}
          onPick={async (picked) => {
            setPicking(false);
            setToday(d.chinaDay(Date.now()));
            setVin(picked);
          }}
          onClose={() => setPicking(false)}
        />
        {vin !== null && (
          <FormDialog
            open
            title={t("sale.recordTitle", { vin })}
            fields={saleFormFields(t, choices)}
            initial={newSale(vin, today)}
            schema={d.SaleEditSchema}
            width={760}
            onClose={() => setVin(null)}
            onSubmit={async (values) => {
              try {
                await api.createVehicleSale(values as d.SaleEdit);
              } catch (error) {
                return refusalByField(error) ?? {};
              }
              toast.success(t("kit.saved"));
              setVin(null);
              list.reload();
              return null;
            }}
          />
        )}
      </>
    );
  return (
    <ListPage
      screen="vehicleSale"
      title={t("sale.heading")}
      filters={filters}
      paging="numbered"
      load={({ filters: f, pageNum, pageSize, signal }) =>
        api.listVehicleSales({ ...query(f), pageNum, pageSize }, signal)
      }
      exportAs={{ op: "exportVehicleSales", run: (f) => api.exportVehicleSales(query(f)) }}
      importAs={{ ...api.vehicleSaleImport, title: t("sale.import"), fillHint: t("sale.importHint") }}
      titleExtra={toolbar}
      search={[
        { kind: "vin", key: "vin", label: t("sale.vin") },
        { kind: "choice", key: "dealerCode", label: t("sale.dealerCode"), options: choices.dealers },
        { kind: "choice", key: "pickupCode", label: t("sale.pickupCode"), options: choices.pickups },
        { kind: "text", key: "buyerName", label: t("sale.buyerName") },
        { kind: "choice", key: "buyerType", label: t("sale.buyerType"), options: buyers.options },
        { kind: "choice", key: "use", label: t("sale.use"), options: uses.options },
        { kind: "text", key: "invoiceNo", label: t("sale.invoiceNo") },
        { kind: "dayRange", keys: ["saleDateStart", "saleDateEnd"], label: t("sale.saleDateRange") },
      ]}
      rowKey={(row) => row.vin}
      columns={[
        { key: "vin", title: t("sale.vin"), width: 170 },
        { key: "dealerName", title: t("sale.dealerCode"), ellipsis: true },
        { key: "buyerName", title: t("sale.buyerName"), width: 150, ellipsis: true },
        enumColumn<Row>("buyerType", t("sale.buyerType"), buyers.badges, 72),
        { key: "buyerIdNo", title: t("sale.buyerIdNo"), width: 170 },
        { key: "saleDate", title: t("sale.saleDate"), width: 104 },
        { key: "invoiceNo", title: t("sale.invoiceNo"), width: 120 },
        { key: "price", title: t("sale.price"), width: 110, render: (r) => r.price.toLocaleString("zh-CN") },
        enumColumn<Row>("use", t("sale.use"), uses.badges, 72),
        actionsColumn<Row>(t("kit.actions"), actions, 170),
      ]}
    />
  );
}
