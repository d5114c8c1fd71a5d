import {
  canGoBack,
  cursorPageNumber,
  cursorQuery,
  initialCursorPaging,
  initialNumberedPaging,
  reduceCursorPaging,
  reduceNumberedPaging,
} from "@tsp/domain";
import { type Column, CursorPager, DataTable, NumberedPager, useRememberedPageSize } from "@tsp/ui";
import { useEffect, useMemo, useReducer, useState } from "react";
import { useGalleryLoaders } from "./galleryLoaders";
import { Section } from "./Section";

interface VehicleRow {
  vin: string;
  plateNo?: string;
  brandName?: string;
  modelName?: string;
  tboxSn?: string;
  iccid?: string;
}

const vehicleColumns: Column<VehicleRow>[] = [
  { key: "vin", title: "VIN", width: 190 },
  { key: "plateNo", title: "车牌号", width: 110 },
  { key: "brandName", title: "品牌", width: 100 },
  { key: "modelName", title: "车型", ellipsis: true },
  { key: "tboxSn", title: "T-BOX 序列号", width: 150 },
];

/** DEMO DATA (in memory): 10 000 journal-like rows to show virtual scrolling and cursor paging. */
const DEMO_ROWS = Array.from({ length: 10_000 }, (_, i) => ({
  no: i + 1,
  vin: `LDEMO${String(i + 1).padStart(12, "0")}`,
  content: `232301FE4C44454D4F${String(i).padStart(6, "0")}0101001E1A0B160A1E2D00013839383630${"0".repeat(40)}`,
}));
type DemoRow = (typeof DEMO_ROWS)[number];
const demoColumns: Column<DemoRow>[] = [
  { key: "no", title: "序号", width: 80 },
  { key: "vin", title: "VIN", width: 190 },
  { key: "content", title: "原始报文", ellipsis: true },
];

/** DEMO LOADER: a row-key cursor over DEMO_ROWS (rowKey = index of the next row). */
function demoCursorPage(rowKey: string | undefined, pageSize: number) {
  const start = rowKey ? Number(rowKey) : 0;
  const list = DEMO_ROWS.slice(start, start + pageSize);
  const next = start + pageSize;
  return { list, nextKey: next < 35 ? String(next) : null };
}

/** Tables: numbered paging on the server's VIN list, cursor paging, virtual scrolling, ellipsis. */
export function TableSections() {
  const l = useGalleryLoaders();
  const [size, setSize] = useRememberedPageSize();
  const [paging, dispatch] = useReducer(reduceNumberedPaging, size, initialNumberedPaging);
  // Rows are kept with the page they belong to: a page without its rows yet is loading.
  const [loaded, setLoaded] = useState<{ key: string; rows: VehicleRow[] } | null>(null);
  const pageKey = `${paging.pageNum}/${paging.pageSize}`;
  useEffect(() => {
    const ctrl = new AbortController();
    l.vins({ vin: "", pageNum: paging.pageNum, pageSize: paging.pageSize }, ctrl.signal)
      .then((page) => {
        setLoaded({ key: pageKey, rows: page.list as VehicleRow[] });
        dispatch({ type: "loaded", total: page.total });
      })
      .catch(() => !ctrl.signal.aborted && setLoaded({ key: pageKey, rows: [] }));
    return () => ctrl.abort();
  }, [l, paging.pageNum, paging.pageSize, pageKey]);
  const loading = loaded?.key !== pageKey;
  const rows = loaded?.rows ?? [];

  const [cursor, cursorDispatch] = useReducer(reduceCursorPaging, 10, initialCursorPaging);
  const q = cursorQuery(cursor);
  const cursorPage = useMemo(() => demoCursorPage(q.rowKey, q.pageSize), [q.rowKey, q.pageSize]);
  useEffect(() => cursorDispatch({ type: "loaded", nextKey: cursorPage.nextKey }), [cursorPage]);

  return (
    <>
      <Section
        id="table-numbered"
        title="表格：页码分页"
        note="每页 10/20/50/100 条，默认 10，所选条数保存在本地。数据：参考服务器的 VIN 列表。"
      >
        <DataTable
          label="车辆列表"
          columns={vehicleColumns}
          rows={rows}
          rowKey={(r) => r.vin}
          loading={loading}
          height={400}
          footer={
            <NumberedPager
              pageNum={paging.pageNum}
              pageSize={paging.pageSize}
              total={paging.total}
              onChange={(p, s) => {
                if (s !== paging.pageSize) {
                  setSize(s);
                  dispatch({ type: "setPageSize", pageSize: s });
                } else dispatch({ type: "goTo", pageNum: p });
              }}
            />
          }
        />
      </Section>
      <Section
        id="table-cursor"
        title="表格：游标分页"
        note="有 nextKey 时提供下一页，上一页通过游标栈返回（演示数据，共 4 页）。"
      >
        <DataTable
          label="游标分页示例"
          columns={demoColumns}
          rows={cursorPage.list}
          rowKey={(r) => r.vin}
          height={400}
          footer={
            <CursorPager
              page={cursorPageNumber(cursor)}
              nextKey={cursorPage.nextKey}
              canGoBack={canGoBack(cursor)}
              onNext={() => cursorDispatch({ type: "next" })}
              onBack={() => cursorDispatch({ type: "back" })}
            />
          }
        />
      </Section>
      <Section
        id="table-virtual"
        title="表格：虚拟滚动"
        note="10 000 行只渲染可见部分；原始报文单行省略，点击或回车查看全文。"
      >
        <DataTable label="长列表" columns={demoColumns} rows={DEMO_ROWS} rowKey={(r) => r.vin} height={320} />
        <div className="mt-3">
          <DataTable label="空表格" columns={demoColumns} rows={[]} rowKey={(r) => r.vin} height={160} />
        </div>
      </Section>
    </>
  );
}
