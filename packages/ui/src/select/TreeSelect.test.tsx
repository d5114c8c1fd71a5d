import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { RegionNode } from "@tsp/domain";
import { describe, expect, it, vi } from "vitest";
import { BrandTreeSelect, brandNodes, RegionTreeSelect, regionNodes } from "./treeSelectors";

const REGIONS: RegionNode[] = [
  { areaId: "11", areaName: "北京市", parentId: null, areaLevel: 1 },
  { areaId: "1101", areaName: "北京城区", parentId: "11", areaLevel: 2 },
  { areaId: "110101", areaName: "东城区", parentId: "1101", areaLevel: 3 },
  { areaId: "11010101", areaName: "东华门街道", parentId: "110101", areaLevel: 4 },
  { areaId: "32", areaName: "江苏省", parentId: "0", areaLevel: 1 },
];

describe("region tree", () => {
  it("builds the flat list into a tree of depth 3 at most", () => {
    const tree = regionNodes(REGIONS);
    expect(tree.map((n) => n.label)).toEqual(["北京市", "江苏省"]);
    const district = tree[0]?.children?.[0]?.children?.[0];
    expect(district?.label).toBe("东城区");
    expect(district?.children).toBeUndefined();
  });

  it("is usable by keyboard: → opens, ↓ moves, Enter chooses with the path", async () => {
    const onChange = vi.fn();
    render(<RegionTreeSelect loader={async () => REGIONS} value={null} onChange={onChange} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "请选择区域" }));
    await waitFor(() => expect(screen.getAllByRole("treeitem")).toHaveLength(2));
    screen.getByRole("tree").focus();
    await user.keyboard("{ArrowRight}");
    expect(screen.getAllByRole("treeitem")).toHaveLength(3);
    await user.keyboard("{ArrowDown}{ArrowRight}{ArrowDown}{Enter}");
    expect(onChange).toHaveBeenCalledWith("110101", ["北京市", "北京城区", "东城区"]);
  });
});

describe("brand tree", () => {
  const brands = [
    {
      brandId: "1",
      brandName: "解放",
      seriesVos: [{ seriesId: "1", seriesName: "J6", modelVos: [{ modelId: "1", modeName: "J6P 牵引车" }] }],
    },
  ];
  it("prefixes ids per level so equal ids do not collide", () => {
    const n = brandNodes(brands);
    expect([n[0]?.id, n[0]?.children?.[0]?.id, n[0]?.children?.[0]?.children?.[0]?.id]).toEqual(["0:1", "1:1", "2:1"]);
  });
  it("emits the codes brand, series, model and shows the chosen path", async () => {
    const onChange = vi.fn();
    const { rerender } = render(<BrandTreeSelect loader={async () => brands} value={[]} onChange={onChange} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "请选择品牌/车系/车型" }));
    await waitFor(() => expect(screen.getAllByRole("treeitem")).toHaveLength(1));
    screen.getByRole("tree").focus();
    await user.keyboard("{ArrowRight}{ArrowDown}{ArrowRight}{ArrowDown}{Enter}");
    expect(onChange).toHaveBeenCalledWith(["1", "1", "1"]);
    rerender(<BrandTreeSelect loader={async () => brands} value={["1", "1", "1"]} onChange={onChange} />);
    expect(screen.getByRole("button", { name: "品牌/车系/车型：解放 / J6 / J6P 牵引车" }).textContent).toBe(
      "解放 / J6 / J6P 牵引车▾",
    );
  });
});
