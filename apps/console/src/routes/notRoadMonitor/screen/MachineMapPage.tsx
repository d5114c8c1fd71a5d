import * as d from "@tsp/domain";
import { actionsColumn, Badge, buttonClass, type Column, FleetMap, ListScreen, SearchForm } from "@tsp/ui";
import { useCallback, useMemo, useState } from "react";
import * as v from "valibot";
import * as api from "../../../api/machinery";
import { useT } from "../../../i18n/i18n";
import { useListController } from "../../../kit/useListController";
import { MachineCard } from "../MachineCard";
import { MACHINERY_TYPES, machineEnums, STATE_COLORS, STATE_ORDER } from "../machineWords";
import "../../../i18n/screens/machinery";

const filters = d.filterCodec(
  v.object({
    vin: d.textFilter(17),
    state: d.choiceFilter(d.MACHINE_STATES),
    machineryType: d.choiceFilter(MACHINERY_TYPES),
    model: d.textFilter(40),
  }),
);

/** The map reads the fleet again this often (the machines report every 30 s while working). */
const MAP_POLL_MS = 15_000;

interface Placed {
  vin: string;
  lng: number;
  lat: number;
  state: api.MachineState;
}

const EMPTY: api.MachineMap = {
  vin: [],
  lng: [],
  lat: [],
  state: [],
  counts: { working: 0, online: 0, alarm: 0, offline: 0 },
};

/** The indexes of the machines whose PIN holds `pin`. */
function matchingIndexes(vins: readonly string[], pin: string): number[] {
  const keep: number[] = [];
  for (let i = 0; i < vins.length; i++) if (vins[i]?.includes(pin)) keep.push(i);
  return keep;
}

/**
 * 地图监控 (/notRoadMonitor/screen, issue 18): every machine with a position on the map —
 * one canvas layer clustered by OpenLayers (no DOM element per machine; 10,000 stay smooth),
 * coloured by state (an alarm shows through its cluster) — filtered by state, type and model,
 * read again every 15 s without moving the view. A click on a machine (or 详情 in the table
 * under the map, the keyboard's way, narrowed by part of a PIN) opens its card with the links
 * to 机械实时状态, 机械历史状态, 在线时长管理 and 机械轨迹查询.
 */
export default function MachineMapPage() {
  const t = useT();
  const { states, types } = machineEnums(t);
  const [fleet, setFleet] = useState<api.MachineMap>(EMPTY);
  const [open, setOpen] = useState<string | null>(null);
  const list = useListController({
    screen: "machineMap",
    filters,
    paging: "numbered",
    poll: () => MAP_POLL_MS,
    load: async ({ filters: f, pageNum, pageSize, signal }) => {
      const map = await api.listMachineMap(
        {
          ...(f.state ? { state: f.state } : {}),
          ...(f.machineryType ? { machineryType: f.machineryType } : {}),
          ...(f.model ? { model: f.model.trim() } : {}),
        },
        { signal },
      );
      setFleet(map);
      const pin = f.vin.trim().toUpperCase();
      // Only the page's rows are made (the fleet is 10,000 machines, read again every 15 s).
      const matching = pin === "" ? null : matchingIndexes(map.vin, pin);
      const total = matching ? matching.length : map.vin.length;
      const from = (pageNum - 1) * pageSize;
      const page: Placed[] = [];
      for (let k = from; k < Math.min(total, from + pageSize); k++) {
        const i = matching ? (matching[k] as number) : k;
        page.push({
          vin: map.vin[i] ?? "",
          lng: map.lng[i] ?? 0,
          lat: map.lat[i] ?? 0,
          state: map.state[i] ?? "offline",
        });
      }
      return { list: page, total };
    },
  });
  // The PIN narrows the map too, so a machine found by its PIN is alone and centred.
  const pin = list.filters.vin.trim().toUpperCase();
  const points = useMemo(() => {
    if (pin === "") return { id: fleet.vin, lng: fleet.lng, lat: fleet.lat, category: fleet.state };
    const keep = matchingIndexes(fleet.vin, pin);
    return {
      id: keep.map((i) => fleet.vin[i] ?? ""),
      lng: keep.map((i) => fleet.lng[i] ?? 0),
      lat: keep.map((i) => fleet.lat[i] ?? 0),
      category: keep.map((i) => fleet.state[i] ?? "offline"),
    };
  }, [fleet, pin]);
  const { state, machineryType, model } = list.filters;
  const fitKey = `${state}|${machineryType}|${model}|${pin}`;
  const onSelect = useCallback((vin: string) => setOpen(vin), []);
  const columns: Column<Placed>[] = [
    {
      key: "vin",
      title: t("machine.vin"),
      width: 190,
      render: (r) => <span className="font-mono text-[13px]">{r.vin}</span>,
    },
    {
      key: "state",
      title: t("machine.state"),
      width: 90,
      render: (r) => {
        const b = states.badges[r.state];
        return b ? <Badge tone={b.tone}>{b.label}</Badge> : null;
      },
    },
    {
      key: "position",
      title: t("machine.position"),
      width: 200,
      render: (r) => `${r.lng.toFixed(5)}, ${r.lat.toFixed(5)}`,
    },
    actionsColumn<Placed>(
      t("kit.actions"),
      (r) => (
        <button type="button" className={buttonClass("link")} onClick={() => setOpen(r.vin)}>
          {t("machine.actions.card")}
        </button>
      ),
      72,
    ),
  ];
  return (
    <ListScreen
      title={t("machine.heading.map")}
      search={
        <SearchForm
          key={list.formKey}
          fields={[
            { kind: "choice", key: "state", label: t("machine.state"), options: states.options },
            { kind: "choice", key: "machineryType", label: t("machine.type"), options: types.options },
            { kind: "text", key: "model", label: t("machine.model") },
            { kind: "text", key: "vin", label: t("machine.map.locate"), placeholder: t("machine.vinPlaceholder") },
          ]}
          values={list.filters}
          defaults={filters.defaults}
          onSearch={list.search}
        />
      }
      toolbar={
        <div className="flex w-full flex-col gap-2">
          <fieldset className="flex flex-wrap items-center gap-4 text-sm">
            <legend className="sr-only">{t("machine.map.legend")}</legend>
            {STATE_ORDER.map((s) => (
              <span key={s} className="flex items-center gap-1.5">
                <span
                  aria-hidden
                  className="inline-block h-3 w-3 rounded-full"
                  style={{ background: STATE_COLORS[s] }}
                />
                {states.badges[s]?.label} {fleet.counts[s]}
              </span>
            ))}
            <span className="text-xs text-gray-600">{t("machine.map.onMap", { n: points.id.length })}</span>
          </fieldset>
          <FleetMap
            points={points}
            colors={STATE_COLORS}
            order={STATE_ORDER}
            onSelect={onSelect}
            selected={open}
            fitKey={fitKey}
            label={t("machine.map.label")}
            height={480}
          />
        </div>
      }
      tableLabel={t("machine.heading.map")}
      columns={columns}
      rows={list.rows}
      rowKey={(r) => r.vin}
      loading={list.loading}
      paging={list.paging}
    >
      {open !== null && <MachineCard vin={open} onClose={() => setOpen(null)} />}
    </ListScreen>
  );
}
