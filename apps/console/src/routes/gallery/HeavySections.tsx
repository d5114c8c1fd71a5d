import type { GeofenceWire, MapLocation } from "@tsp/domain";
import { buttonClass, Chart, GeofenceEditor, MapLocationPicker, RichTextEditor } from "@tsp/ui";
import { useState } from "react";
import { useGalleryLoaders } from "./galleryLoaders";
import { Emitted, Section } from "./Section";

const DAYS = ["11-16", "11-17", "11-18", "11-19", "11-20", "11-21", "11-22"];

/** The lazily loaded widgets: maps, charts and the editor. */
export function HeavySections() {
  const l = useGalleryLoaders();
  const [fence, setFence] = useState<GeofenceWire | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [picked, setPicked] = useState<MapLocation | null>(null);
  const [html, setHtml] = useState("<p>尊敬的用户：系统将于<strong>周六 02:00</strong>升级维护。</p>");
  return (
    <>
      <Section
        id="geofence"
        title="电子围栏"
        note="绘制/编辑圆形与多边形；缩放 4 级、中国中部为中心；半径公里 × 1000 绘制；输出领域编码。底图为离线省界数据。"
      >
        <GeofenceEditor value={fence} onChange={setFence} height={420} />
        <Emitted label="围栏编码" value={fence} />
      </Section>
      <Section
        id="map-picker"
        title="地图选点"
        note="700 px 对话框；输入联想与地理编码；默认 11 级，选点后 14 级；确定返回地址与经纬度。"
      >
        <button type="button" className={buttonClass("default")} onClick={() => setPickerOpen(true)}>
          选择位置
        </button>
        <MapLocationPicker
          open={pickerOpen}
          onClose={() => setPickerOpen(false)}
          onConfirm={setPicked}
          geocoder={l.geocoder}
          value={picked}
        />
        <Emitted label="已选位置" value={picked} />
      </Section>
      <Section id="charts" title="图表" note="ApexCharts 5.0 封装；无数据时显示 暂无数据。">
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
          <Chart
            kind="line"
            title="在线车辆数（近 7 天）"
            categories={DAYS}
            series={[
              { name: "在线", data: [812, 845, 830, 871, 902, 688, 640] },
              { name: "离线", data: [120, 98, 110, 86, 75, 190, 211] },
            ]}
            height={260}
          />
          <Chart
            kind="donut"
            title="车辆类型"
            categories={["纯电", "插混", "燃油"]}
            series={[540, 210, 180]}
            height={260}
          />
          <Chart kind="bar" title="报警次数" categories={DAYS} series={[]} height={260} />
        </div>
      </Section>
      <Section id="editor" title="富文本编辑器" note="图片最多 5 张，经签名上传；输出经过净化；变更事件延迟 500 ms。">
        <RichTextEditor label="公告内容" value={html} onChange={setHtml} upload={l.upload} />
        <Emitted label="编辑器输出" value={html} />
      </Section>
    </>
  );
}
