import { afterEach, describe, expect, it, vi } from 'vitest';
import { dispatchBrowserEvent, onBrowserEvent } from './browser-events';

describe('browser events', () => {
  const stops: Array<() => void> = [];
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
  });

  it('delivers the detail of an event dispatched on window', () => {
    const seen = vi.fn();
    stops.push(onBrowserEvent('pdbImportSuccess', seen));
    dispatchBrowserEvent('pdbImportSuccess', { pdbId: '5VCV', fileId: 7 });
    expect(seen).toHaveBeenCalledWith({ pdbId: '5VCV', fileId: 7 });
  });

  it('works with events dispatched by other code under the same name', () => {
    const seen = vi.fn();
    stops.push(onBrowserEvent('openGetPDBModal', seen));
    window.dispatchEvent(new Event('openGetPDBModal'));
    expect(seen).toHaveBeenCalledTimes(1);
  });

  it('stops listening', () => {
    const seen = vi.fn();
    const stop = onBrowserEvent('splitSuccess', seen);
    stop();
    dispatchBrowserEvent('splitSuccess');
    expect(seen).not.toHaveBeenCalled();
  });
});
