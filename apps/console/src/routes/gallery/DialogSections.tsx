import {
  AddressDialog,
  buttonClass,
  Dialog,
  ImportDialog,
  type ImportReport,
  type UploadedFile,
  Uploader,
} from "@tsp/ui";
import { useState } from "react";
import { useGalleryLoaders } from "./galleryLoaders";
import { Emitted, Section } from "./Section";

/** Dialogs (throttled confirm, address, import) and the uploaders with their preview. */
export function DialogSections() {
  const l = useGalleryLoaders();
  const [open, setOpen] = useState<"confirm" | "address" | "addressEmpty" | "import" | null>(null);
  const [confirms, setConfirms] = useState(0);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [files, setFiles] = useState<Record<string, UploadedFile[]>>({});
  const setKind = (k: string) => (v: UploadedFile[]) => setFiles((f) => ({ ...f, [k]: v }));
  return (
    <>
      <Section
        id="dialogs"
        title="对话框"
        note="确定按钮 2 秒内只响应一次；地址详情按经纬度反查，空位置显示 暂无车辆位置。"
      >
        <div className="flex flex-wrap gap-2">
          <button type="button" className={buttonClass("default")} onClick={() => setOpen("confirm")}>
            打开确认对话框
          </button>
          <button type="button" className={buttonClass("default")} onClick={() => setOpen("address")}>
            地址详情
          </button>
          <button type="button" className={buttonClass("default")} onClick={() => setOpen("addressEmpty")}>
            地址详情（无位置）
          </button>
          <button type="button" className={buttonClass("primary")} onClick={() => setOpen("import")}>
            导入车型
          </button>
        </div>
        <Emitted label="确定次数" value={String(confirms)} />
        <Emitted
          label="导入结果"
          value={report ? `全部 ${report.all}，成功 ${report.success}，失败 ${report.failed}` : null}
        />
        <Dialog
          open={open === "confirm"}
          title="确认操作"
          onClose={() => setOpen(null)}
          onConfirm={() => setConfirms((n) => n + 1)}
        >
          连续点击“确定”，2 秒内只计一次。
        </Dialog>
        <AddressDialog
          open={open === "address" || open === "addressEmpty"}
          onClose={() => setOpen(null)}
          lng={open === "address" ? 113.264385 : null}
          lat={open === "address" ? 23.129112 : null}
          reverse={l.geocoder.reverse}
        />
        <ImportDialog
          open={open === "import"}
          title="车型导入"
          allowCoverOption
          onClose={() => setOpen(null)}
          downloadTemplate={l.downloadTemplate}
          importFile={l.importFile}
          onImported={setReport}
          failedFileName="车型导入失败数据.xlsx"
        />
      </Section>
      <Section
        id="uploaders"
        title="上传"
        note="类型、大小、比例、时长、数量按规范校验；对象键默认为文件 MD5；经签名 URL 直传对象存储并显示进度。"
      >
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <div>
            <p className="mb-1 text-xs text-gray-500">单张图片（1M 以内）</p>
            <Uploader
              kind="image"
              label="车辆照片"
              simpleImage
              value={files.photo ?? []}
              onChange={setKind("photo")}
              upload={l.upload}
            />
          </div>
          <div>
            <p className="mb-1 text-xs text-gray-500">多张图片（最多 3 张，16:9）</p>
            <Uploader
              kind="image"
              label="宣传图片"
              multiple
              limit={3}
              ratio={[16, 9]}
              value={files.gallery ?? []}
              onChange={setKind("gallery")}
              upload={l.upload}
            />
          </div>
          <div>
            <p className="mb-1 text-xs text-gray-500">视频（300 秒以内）</p>
            <Uploader
              kind="video"
              label="行车视频"
              value={files.video ?? []}
              onChange={setKind("video")}
              upload={l.upload}
            />
          </div>
          <div>
            <p className="mb-1 text-xs text-gray-500">PDF</p>
            <Uploader kind="pdf" label="合格证" value={files.pdf ?? []} onChange={setKind("pdf")} upload={l.upload} />
          </div>
          <div>
            <p className="mb-1 text-xs text-gray-500">文件（2M 以内，最多 9 个）</p>
            <Uploader
              kind="file"
              label="附件"
              multiple
              maxSizeMb={2}
              value={files.file ?? []}
              onChange={setKind("file")}
              upload={l.upload}
            />
          </div>
        </div>
        <Emitted
          label="上传结果"
          value={Object.fromEntries(Object.entries(files).map(([k, v]) => [k, v.map((f) => f.objectKey)]))}
        />
      </Section>
    </>
  );
}
