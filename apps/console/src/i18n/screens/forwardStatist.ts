import { registerTexts } from "../i18n";

// 转发统计 (/notRoadFour/forwardStatist), both locales side by side.
const zh = {
  "fwd.heading": "转发统计",
  "fwd.platform": "转发平台",
  "fwd.days": "统计日期",
  "fwd.day": "日期",
  "fwd.forwarded": "已转发",
  "fwd.acknowledged": "已应答",
  "fwd.failed": "失败",
  "fwd.resent": "其中补发",
  "fwd.pending": "待转发",
  "fwd.chart": "每日转发帧数",
  "fwd.totals":
    "合计：已转发{forwarded}帧，已应答{acknowledged}帧，失败{failed}帧，其中补发{resent}帧，待转发{pending}帧",
  "fwd.links": "转发链路",
  "fwd.state.idle": "未连接",
  "fwd.state.connecting": "连接中",
  "fwd.state.online": "在线",
  "fwd.state.down": "中断",
  "fwd.state.stopped": "已停止",
  "fwd.hint":
    "按平台和日期（帧的接收日，北京时间）统计：已转发=已应答+失败（平台应答错误，不再重发）；补发为平台中断期间积压、恢复后以补发（0x03）送出的帧；待转发为队列中尚未得到应答的帧。最多统计31天。",
} as const;

const en: Record<keyof typeof zh, string> = {
  "fwd.heading": "Forwarding statistics",
  "fwd.platform": "Platform",
  "fwd.days": "Days",
  "fwd.day": "Day",
  "fwd.forwarded": "Forwarded",
  "fwd.acknowledged": "Acknowledged",
  "fwd.failed": "Failed",
  "fwd.resent": "Of these re-sent",
  "fwd.pending": "Pending",
  "fwd.chart": "Frames forwarded per day",
  "fwd.totals":
    "Total: {forwarded} forwarded, {acknowledged} acknowledged, {failed} failed, {resent} re-sent, {pending} pending",
  "fwd.links": "Links",
  "fwd.state.idle": "Not connected",
  "fwd.state.connecting": "Connecting",
  "fwd.state.online": "Online",
  "fwd.state.down": "Down",
  "fwd.state.stopped": "Stopped",
  "fwd.hint":
    "Per platform and day the frames were received (China time): forwarded = acknowledged + failed (refused by the platform, not sent again); re-sent are frames held during an outage and sent as 补发 (0x03) afterwards; pending frames wait in the queue. At most 31 days.",
};

export const forwardStatistText = { zh, en } as const;

// Loaded with the screens that import this file (see `registerTexts`).
registerTexts(forwardStatistText);
