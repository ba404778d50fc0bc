/**
 * `data-testid` for props objects (antd's okButtonProps, onRow...), where TypeScript's
 * excess-property check does not allow hyphenated attributes the way JSX does.
 */
export function testId(id: string): Record<string, string> {
  return { 'data-testid': id };
}
