import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type DockingPocket, ZERO_POCKET } from '@medx/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Structure } from 'molstar/lib/mol-model/structure';
import { PluginContext } from 'molstar/lib/mol-plugin/context';
import { DefaultPluginSpec } from 'molstar/lib/mol-plugin/spec';
import type { PluginUIContext } from 'molstar/lib/mol-plugin-ui/context';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enterPocket } from '../../test/pocket-input';
import { renderPage, setupPageTests } from '../../test/test-providers';
import { ViewerProvider } from '../../viewer/ViewerProvider';
import { ViewerService } from '../../viewer/viewer-service';
import { DOCKING_BOX_TAG } from './docking-box-molstar';
import { PocketStep } from './PocketStep';

/** Bench 7cnq's crystal ligand (G8X): 9 heavy atoms, no hydrogens. */
const LIGAND_SDF = readFileSync(resolve(import.meta.dirname, '../../../../../../shared/bench/7cnq/ligand.sdf'), 'utf8');

/** The ligand's coordinates read straight from the SDF atom block, to check the box against. */
function sdfCoordinates(text: string): number[][] {
  const lines = text.split('\n');
  const count = Number(lines[3]?.slice(0, 3));
  return lines.slice(4, 4 + count).map((line) => line.trim().split(/\s+/).slice(0, 3).map(Number));
}

/** The wizard's part that matters here: the pocket state and whether the step is shown. */
function Harness() {
  const [pocket, setPocket] = useState<DockingPocket>(ZERO_POCKET);
  const [shown, setShown] = useState(true);
  return (
    <>
      <button type="button" data-testid="toggle-step" onClick={() => setShown((s) => !s)} />
      {shown && <PocketStep projectId={1} protein={null} pocket={pocket} onChange={setPocket} />}
    </>
  );
}

let plugin: PluginContext;
let service: ViewerService;

/** The docking-box shapes in Mol*'s state, with the centre and size they draw. */
function boxShapes() {
  return plugin.state.data
    .selectQ((q) => q.root.subtree().withTag(DOCKING_BOX_TAG))
    .filter((cell) => cell.transform.transformer.definition.name === 'medx-docking-box-shape')
    .map((cell) => {
      const params = cell.transform.params as { center: number[]; size: number[]; part: string };
      return { ref: cell.transform.ref, part: params.part, center: [...params.center], size: [...params.size] };
    });
}

/** What the step reports as drawn for a box: its centre and half its diagonal (the bounding sphere). */
function drawnOf(center: number[], size: number[]): string {
  const radius = Math.hypot(...size) / 2;
  return [...center, radius].map((v) => v.toFixed(2)).join(' ');
}
const drawnAttribute = () => screen.getByTestId('docking-pocket-step').getAttribute('data-box-drawn');

const taggedCells = () => plugin.state.data.selectQ((q) => q.root.subtree().withTag(DOCKING_BOX_TAG)).length;
const cellsAttribute = () => screen.getByTestId('docking-pocket-step').getAttribute('data-box-cells');

function renderStep() {
  return renderPage(
    <ViewerProvider service={service}>
      <Harness />
    </ViewerProvider>,
    { path: '/' },
  );
}

setupPageTests();

beforeEach(async () => {
  // The file pickers of the other tabs list nothing here.
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ success: true, msg: 'Success', data: { total: 0, items: [] } }), {
          headers: { 'Content-Type': 'application/json' },
        }),
    ),
  );
  // A real Mol* plugin without a canvas: the state tree, shapes and selections work the same.
  plugin = new PluginContext(DefaultPluginSpec());
  await plugin.init();
  service = new ViewerService();
  service.attach(plugin as unknown as PluginUIContext);
});

afterEach(() => {
  service.detach();
  plugin.dispose();
});

describe('the pocket step draws the docking box in Med View', () => {
  it('draws the typed box, follows every change and removes it when the step goes', async () => {
    renderStep();
    await screen.findByTestId('docking-pocket-step');
    // The all-zero pocket is not a box.
    expect(taggedCells()).toBe(0);

    enterPocket();
    // Two shapes (edges, faces) and their two visuals.
    await waitFor(() => expect(cellsAttribute()).toBe('4'));
    expect(taggedCells()).toBe(4);
    const drawn = boxShapes();
    expect(drawn.map((s) => s.part).sort()).toEqual(['edges', 'faces']);
    for (const shape of drawn) {
      expect(shape.center).toEqual([1.5, -2.25, 30]);
      expect(shape.size).toEqual([20, 18, 22]);
    }

    // What Mol* draws (the visual's geometry), not only the state's numbers.
    await waitFor(() => expect(drawnAttribute()).toBe(drawnOf([1.5, -2.25, 30], [20, 18, 22])));

    // Editing a value moves the same box (updated in place, not rebuilt), and the drawing follows.
    fireEvent.change(screen.getByTestId('pocket-center_x'), { target: { value: '4' } });
    await waitFor(() => expect(boxShapes()[0]?.center).toEqual([4, -2.25, 30]));
    await waitFor(() => expect(drawnAttribute()).toBe(drawnOf([4, -2.25, 30], [20, 18, 22])));
    expect(boxShapes().map((s) => s.ref)).toEqual(drawn.map((s) => s.ref));

    // The grow and shrink buttons change every edge by 1 Å.
    fireEvent.click(screen.getByTestId('pocket-grow'));
    await waitFor(() => expect(boxShapes()[0]?.size).toEqual([21, 19, 23]));
    await waitFor(() => expect(drawnAttribute()).toBe(drawnOf([4, -2.25, 30], [21, 19, 23])));
    expect(screen.getByTestId('pocket-summary').textContent).toBe('(4.00, -2.25, 30.00) 21.00 × 19.00 × 23.00 Å');
    fireEvent.click(screen.getByTestId('pocket-shrink'));
    fireEvent.click(screen.getByTestId('pocket-shrink'));
    await waitFor(() => expect(boxShapes()[1]?.size).toEqual([19, 17, 21]));

    // An edge of 0 is no box: it disappears, and comes back with the edge.
    fireEvent.change(screen.getByTestId('pocket-size_y'), { target: { value: '0' } });
    await waitFor(() => expect(taggedCells()).toBe(0));
    await waitFor(() => expect(drawnAttribute()).toBe(''));
    fireEvent.change(screen.getByTestId('pocket-size_y'), { target: { value: '12' } });
    await waitFor(() => expect(taggedCells()).toBe(4));
    await waitFor(() => expect(drawnAttribute()).toBe(drawnOf([4, -2.25, 30], [19, 12, 21])));

    // Leaving the step (or closing the window) removes the box.
    fireEvent.click(screen.getByTestId('toggle-step'));
    await waitFor(() => expect(taggedCells()).toBe(0));
  }, 30_000);

  it('sets the box around the atoms selected in Med View, with the padding', async () => {
    renderStep();
    fireEvent.click(await screen.findByRole('tab', { name: 'In Med View' }));
    const button = await screen.findByTestId('pocket-from-selection');

    // Nothing selected: the toolbar's message, and no box.
    fireEvent.click(button);
    expect(await screen.findByText('No selection available')).toBeTruthy();
    expect(taggedCells()).toBe(0);

    // Load the crystal ligand and select all of it, as clicking it in Med View would.
    const structure = await act(async () => {
      const data = await plugin.builders.data.rawData({ data: LIGAND_SDF, label: 'ligand.sdf' });
      const trajectory = await plugin.builders.structure.parseTrajectory(data, 'sdf');
      const model = await plugin.builders.structure.createModel(trajectory);
      const cell = await plugin.builders.structure.createStructure(model);
      return cell.obj?.data as Structure;
    });
    plugin.managers.structure.selection.fromLoci('add', Structure.toStructureElementLoci(structure));
    expect(plugin.managers.structure.selection.elementCount()).toBe(9);

    fireEvent.change(screen.getByTestId('pocket-selection-padding'), { target: { value: '4' } });
    fireEvent.click(button);

    // Expected box from the file's own coordinates: extent + 2 × 4 Å, centred on the midpoint.
    const atoms = sdfCoordinates(LIGAND_SDF);
    expect(atoms).toHaveLength(9);
    const axis = (i: number) => atoms.map((a) => a[i] as number);
    const expected = [0, 1, 2].map((i) => {
      const low = Math.min(...axis(i));
      const high = Math.max(...axis(i));
      return { center: Math.round(((low + high) / 2) * 100) / 100, size: Math.round((high - low + 8) * 100) / 100 };
    });
    const text = (n: number) => n.toFixed(2);
    await waitFor(() =>
      expect(screen.getByTestId('pocket-summary').textContent).toBe(
        `(${expected.map((e) => text(e.center)).join(', ')}) ${expected.map((e) => text(e.size)).join(' × ')} Å`,
      ),
    );
    await waitFor(() => expect(cellsAttribute()).toBe('4'));
    expect(boxShapes()[0]?.size).toEqual(expected.map((e) => e.size));
  }, 30_000);
});
