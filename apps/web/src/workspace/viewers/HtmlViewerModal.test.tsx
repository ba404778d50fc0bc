import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HtmlFrame } from './HtmlViewerModal';

describe('HtmlFrame', () => {
  it('sandboxes the report: scripts only, never the same origin', () => {
    const { getByTestId } = render(<HtmlFrame html="<h1>Report</h1><script>1</script>" title="report.html" />);
    const frame = getByTestId('html-frame') as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
    const tokens = (frame.getAttribute('sandbox') ?? '').split(/\s+/);
    expect(tokens).not.toContain('allow-same-origin');
    expect(tokens).not.toContain('allow-top-navigation');
    expect(tokens).not.toContain('allow-popups');
    expect(frame.getAttribute('srcdoc')).toBe('<h1>Report</h1><script>1</script>');
    expect(frame.getAttribute('src')).toBeNull();
    expect(frame.getAttribute('title')).toBe('report.html');
  });
});
