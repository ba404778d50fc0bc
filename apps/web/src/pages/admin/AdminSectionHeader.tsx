import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

interface AdminSectionHeaderProps {
  /** The heading's id: the section is labelled by it. */
  id: string;
  title: string;
  intro: string;
  /** On the right: the section's main action or filter. */
  extra?: ReactNode;
}

/** The heading every admin section opens with: title, one line of what it is for, its main control. */
export function AdminSectionHeader({ id, title, intro, extra }: AdminSectionHeaderProps) {
  return (
    <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
      <div>
        <Typography.Title level={4} id={id} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Typography.Text type="secondary">{intro}</Typography.Text>
      </div>
      {extra}
    </Flex>
  );
}
