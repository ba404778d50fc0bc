import { Flex, Spin } from 'antd';

/** Shown while a lazily loaded page arrives. */
export function PageFallback() {
  return (
    <Flex align="center" justify="center" style={{ minHeight: 240, height: '100%' }}>
      <Spin size="large" />
    </Flex>
  );
}
