import { errorText, initialTabs, reduceTabs, type TabsState } from "@tsp/domain";
import { buttonClass, EmptyState, LoadingOverlay, TabStrip, useToast } from "@tsp/ui";
import { useState } from "react";
import { Permitted } from "../../permission/Permitted";
import { useCan } from "../../permission/useCan";
import { Section } from "./Section";

const DEMO_TABS: TabsState = [
  { path: "/tbox/loginJournal", title: "登录登出日志" },
  { path: "/exportFile/index", title: "导出文件列表" },
  { path: "/baseInfo/dealer", title: "经销商信息" },
].reduce(
  (s, t) =>
    reduceTabs(s, { type: "open", tab: { path: t.path, fullPath: t.path, name: t.path, meta: { title: t.title } } })
      .state,
  initialTabs(),
);

/** Toasts, loading overlay, empty state, permission guard and the tab strip. */
export function FeedbackSections() {
  const toast = useToast();
  const [loading, setLoading] = useState(false);
  const [tabs, setTabs] = useState<TabsState>(DEMO_TABS);
  const [navigated, setNavigated] = useState<string | null>(null);
  const can = useCan();
  return (
    <>
      <Section id="feedback" title="提示与加载" note="消息提示、加载遮罩、空状态。">
        <div className="flex flex-wrap gap-2">
          <button type="button" className={buttonClass("default")} onClick={() => toast.success("保存成功")}>
            成功提示
          </button>
          <button type="button" className={buttonClass("default")} onClick={() => toast.warning("请选择地址")}>
            警告提示
          </button>
          <button
            type="button"
            className={buttonClass("default")}
            onClick={() => toast.error(errorText({ msg: "参数错误", data: { failDetail: [{ msg: "VIN不存在" }] } }))}
          >
            错误提示
          </button>
          <button
            type="button"
            className={buttonClass("default")}
            onClick={() => {
              setLoading(true);
              setTimeout(() => setLoading(false), 1500);
            }}
          >
            加载 1.5 秒
          </button>
        </div>
        <div className="relative mt-3 h-28 rounded border border-dashed border-gray-200">
          <EmptyState />
          <LoadingOverlay show={loading} />
        </div>
      </Section>
      <Section
        id="permission"
        title="权限控制"
        note="权限以它守护的操作命名（<Permitted op> / can(op)）：没有按钮权限的元素被移除；同一检查也可作为 true/false 使用。"
      >
        <div className="flex items-center gap-3">
          <Permitted op="exportLoginLog">
            <button type="button" className={buttonClass("primary")}>
              导出（需要导出权限）
            </button>
          </Permitted>
          <span className="text-xs text-gray-500">导出权限：{can("exportLoginLog") ? "有" : "无"}</span>
        </div>
      </Section>
      <Section
        id="tabs"
        title="页签"
        note="渲染领域的页签状态：关闭当前页签激活前一个并导航；首页不可关闭。←/→ 移动，回车打开，Delete 关闭。"
      >
        <TabStrip
          state={tabs}
          label="示例页签"
          onSelect={(i) => setTabs((s) => ({ ...s, activeIndex: i }))}
          onClose={(i) => {
            const r = reduceTabs(tabs, { type: "close", index: i });
            setTabs(r.state);
            if (r.navigateTo) setNavigated(r.navigateTo);
          }}
        />
        <p className="mt-2 text-xs text-gray-500">导航到：{navigated ?? "-"}</p>
      </Section>
    </>
  );
}
