import { DefaultTrackballBindings } from 'molstar/lib/mol-canvas3d/controls/trackball';
import { DefaultFocusLociBindings as CameraFocusBindings } from 'molstar/lib/mol-plugin/behavior/dynamic/camera';
import {
  DefaultFocusLociBindings,
  DefaultSelectLociBindings,
} from 'molstar/lib/mol-plugin/behavior/dynamic/representation';
import { Binding } from 'molstar/lib/mol-util/binding';
import { interpolate, stringToWords } from 'molstar/lib/mol-util/string';
import { describe, expect, it } from 'vitest';
import { formatBinding } from './molstar-csp';

/** What Mol*'s own format gives (its template literal, evaluated; allowed outside the browser). */
function molstarFormat(binding: Binding, name: string): string {
  const help = binding.description || stringToWords(name);
  return interpolate(help, { triggers: `<i>${Binding.formatTriggers(binding)}</i>` });
}

describe('Mol* bindings formatted without eval', () => {
  const groups = { DefaultTrackballBindings, DefaultSelectLociBindings, DefaultFocusLociBindings, CameraFocusBindings };

  it("gives Mol*'s text for every default binding of the help", () => {
    let count = 0;
    for (const bindings of Object.values(groups)) {
      for (const [name, binding] of Object.entries(bindings as Record<string, Binding>)) {
        if (!Binding.isBinding(binding) || Binding.isEmpty(binding)) continue;
        expect(formatBinding(binding, name), name).toBe(molstarFormat(binding, name));
        count++;
      }
    }
    expect(count).toBeGreaterThan(10);
  });

  it("replaces Mol*'s Binding.format", () => {
    const binding = DefaultTrackballBindings.dragRotate;
    expect(Binding.format(binding, 'dragRotate')).toBe(formatBinding(binding, 'dragRotate'));
    expect(formatBinding(binding)).toContain('<i>');
  });
});
