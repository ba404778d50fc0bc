import { Empty } from 'antd';

/** The empty state of a window whose content arrives later (Structure Viewer, Sequence Viewer). */
export function EmptyWindow({ text }: { text: string }) {
  return (
    <div className="medx-tile-empty">
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />
    </div>
  );
}
