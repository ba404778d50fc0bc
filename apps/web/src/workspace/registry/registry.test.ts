import { afterAll, describe, expect, it } from 'vitest';
import { defineFeature, type WindowComponent } from './feature';
import { findWindow, functionMenuEntries, headerTools, registerFeatures, windowComponent } from './registry';

const Empty: WindowComponent = () => null;
const Tool = () => null;
const slot = (id: string) => ({ id, title: 'workspace:windows.tool', place: 'slot' as const, component: Empty });

afterAll(() => registerFeatures([]));

describe('the feature registry', () => {
  it('refuses duplicate ids, misplaced panes and menu entries that open nothing', () => {
    const a = defineFeature({ id: 'a', windows: [slot('x')] });
    expect(() => registerFeatures([a, defineFeature({ id: 'b', windows: [slot('x')] })])).toThrow(/"x".*twice/);
    expect(() => registerFeatures([defineFeature({ id: 'c', windows: [slot('medView')] })])).toThrow(/place 'pane'/);
    expect(() => registerFeatures([defineFeature({ id: 'd', windows: [{ ...slot('y'), place: 'pane' }] })])).toThrow(
      /place 'pane'/,
    );
    expect(() =>
      registerFeatures([defineFeature({ id: 'e', functionMenu: [{ id: 'f', label: 'x:y', order: 1, opens: 'z' }] })]),
    ).toThrow(/unknown window "z"/);
  });

  it('orders menu entries and header tools by their order, not by registration', () => {
    registerFeatures([
      defineFeature({
        id: 'late',
        windows: [slot('w1'), slot('w2')],
        functionMenu: [{ id: 'second', label: 'x:y', order: 20, opens: 'w2' }],
        headerTools: [{ id: 'b', order: 2, component: Tool }],
      }),
      defineFeature({
        id: 'early',
        functionMenu: [{ id: 'first', label: 'x:y', order: 10, opens: 'w1' }],
        headerTools: [{ id: 'a', order: 1, component: Tool }],
      }),
    ]);
    expect(functionMenuEntries().map((entry) => entry.id)).toEqual(['first', 'second']);
    expect(headerTools().map((tool) => tool.id)).toEqual(['a', 'b']);
  });

  it('makes one lazy component per loaded window', () => {
    const load = async () => ({ default: Empty });
    registerFeatures([defineFeature({ id: 'lazy', windows: [{ id: 'l', title: 'x:y', place: 'slot', load }] })]);
    const registration = findWindow('l');
    expect(registration).toBeDefined();
    if (!registration) return;
    expect(windowComponent(registration)).toBe(windowComponent(registration));
    expect(windowComponent(registration)).not.toBe(Empty);
  });
});
