import type { Insertable } from "kysely";
import type { SeedContext } from "../../types";
import { sanitizeContentHtml } from "./sanitize";
import type { ContentTable } from "./tables";
import "./tables";

const DAY = 86_400_000;
type Insert = Insertable<ContentTable>;

/** Demo items (fixed data, times from `ctx.now`): one of each type and state; the isolation tenant one of its own. */
const ITEMS = [
  {
    title: "冬季用车保养提醒",
    content_type: "maintenance",
    models: [1111, 1112, 1121],
    from: -10,
    to: 80,
    state: "published",
    body: "<h2>冬季用车提示</h2><p>气温降低后请到店检查<strong>防冻液</strong>、蓄电池与轮胎气压。</p><ul><li>防冻液冰点检测</li><li>12V蓄电池电压检测</li><li>胎压调整至标准值</li></ul>",
  },
  {
    title: "车机系统 V3.2 升级公告",
    content_type: "notice",
    models: [1111, 1121, 1211],
    from: -3,
    to: null,
    state: "published",
    body: '<h2>升级内容</h2><ol><li>导航路线规划优化</li><li>语音助手唤醒率提升</li></ol><p>详情见<a href="https://www.example.com/ota/v3.2">升级说明</a>。</p>',
  },
  {
    title: "新春试驾有礼活动",
    content_type: "event",
    models: [3111],
    from: 20,
    to: 50,
    state: "draft",
    body: "<p>活动期间到店试驾即可领取<b>新春礼包</b>一份，数量有限，先到先得。</p>",
  },
  {
    title: "充电桩网络扩容资讯",
    content_type: "news",
    models: [2111, 2121, 4111],
    from: -60,
    to: -5,
    state: "offline",
    body: "<p>本季度新增超充站 120 座，覆盖主要物流干线。</p><table><tbody><tr><th>区域</th><th>新增站点</th></tr><tr><td>华南</td><td>46</td></tr><tr><td>华东</td><td>74</td></tr></tbody></table>",
  },
] as const;

/** Writes the demo items of 车载内容管理. */
export async function seedContents(ctx: SeedContext): Promise<void> {
  const [demo, other] = ctx.tenantIds as [number, number];
  const now = ctx.now.getTime();
  const day0 = now - (now % DAY);
  const rows = ITEMS.map(
    (it, i): Insert => ({
      tenant_id: demo,
      title: it.title,
      content_type: it.content_type,
      model_ids: JSON.stringify(it.models),
      publish_from: day0 + it.from * DAY,
      publish_to: it.to === null ? null : day0 + it.to * DAY,
      body: sanitizeContentHtml(it.body),
      state: it.state,
      updated_at: now - (i + 1) * 3_600_000,
      update_by: "admin",
      update_name: "系统管理员",
    }),
  );
  rows.push({ ...(rows[0] as Insert), tenant_id: other, title: "隔离租户保养提醒" });
  await ctx.db.insertInto("bss_content").values(rows).execute();
}
