/** Empty placeholder used by tables and charts; the spec's default text is 暂无数据 (§2, §8). */
export function EmptyState({ text = "暂无数据" }: { text?: string }) {
  return (
    <div role="status" className="py-10 text-center text-sm text-gray-500">
      {text}
    </div>
  );
}
