import type { PartialCanvas3DProps } from 'molstar/lib/mol-canvas3d/canvas3d';
import type { Structure } from 'molstar/lib/mol-model/structure';
import { PluginBehaviors } from 'molstar/lib/mol-plugin/behavior';
import { StructureFocusRepresentation } from 'molstar/lib/mol-plugin/behavior/dynamic/selection/structure-focus-representation';
import {
  BoxifyVolumeStreaming,
  CreateVolumeStreamingBehavior,
  InitVolumeStreaming,
} from 'molstar/lib/mol-plugin/behavior/dynamic/volume-streaming/transformers';
import { PluginConfig, type PluginConfigItem } from 'molstar/lib/mol-plugin/config';
import { PluginSpec } from 'molstar/lib/mol-plugin/spec';
import { StateActions } from 'molstar/lib/mol-plugin-state/actions';
import { StateTransforms } from 'molstar/lib/mol-plugin-state/transforms';
import { DefaultPluginUISpec, type PluginUISpec } from 'molstar/lib/mol-plugin-ui/spec';
import { MedViewport } from './MedViewport';
// Mol*'s help text without eval, under the app's Content-Security-Policy.
import './molstar-csp';
import { StructureToolsPanel } from './structure-tools/StructureToolsPanel';

/** Post-processing effects, all off (low graphics). */
const NO_POSTPROCESSING: PartialCanvas3DProps['postprocessing'] = {
  enabled: false,
  occlusion: { name: 'off', params: {} },
  shadow: { name: 'off', params: {} },
  outline: { name: 'off', params: {} },
  dof: { name: 'off', params: {} },
  antialiasing: { name: 'off', params: {} },
  sharpening: { name: 'off', params: {} },
  bloom: { name: 'off', params: {} },
};

/**
 * Behaviours Med View uses: picking, highlighting, selection, focus, camera and snapshot keys,
 * and the computed properties the Structure Tools and interactions read. (The default list's
 * cross-link restraints and streamlines are left out: no docking workflow shows them.)
 */
function behaviors(): PluginSpec.Behavior[] {
  return [
    PluginSpec.Behavior(PluginBehaviors.Representation.HighlightLoci),
    PluginSpec.Behavior(PluginBehaviors.Representation.SelectLoci),
    PluginSpec.Behavior(PluginBehaviors.Representation.DefaultLociLabelProvider),
    PluginSpec.Behavior(PluginBehaviors.Representation.FocusLoci),
    PluginSpec.Behavior(PluginBehaviors.Camera.FocusLoci),
    PluginSpec.Behavior(PluginBehaviors.Camera.CameraAxisHelper),
    PluginSpec.Behavior(PluginBehaviors.Camera.CameraControls),
    PluginSpec.Behavior(PluginBehaviors.State.SnapshotControls),
    PluginSpec.Behavior(StructureFocusRepresentation),
    PluginSpec.Behavior(PluginBehaviors.CustomProps.StructureInfo),
    PluginSpec.Behavior(PluginBehaviors.CustomProps.AccessibleSurfaceArea),
    PluginSpec.Behavior(PluginBehaviors.CustomProps.BestDatabaseSequenceMapping),
    PluginSpec.Behavior(PluginBehaviors.CustomProps.Interactions),
    PluginSpec.Behavior(PluginBehaviors.CustomProps.SecondaryStructure),
    PluginSpec.Behavior(PluginBehaviors.CustomProps.ValenceModel),
  ];
}

/**
 * Actions of Mol*'s default spec that fetch from the network, each offered in the left panel's
 * Home tab or a State Tree node's "apply action": Download Structure (PDB, PDBe, AlphaFold DB...
 * by id), Download Density, Download File and the raw Download transform (any URL), Load
 * Trajectory (its source can be a URL; our own Load Trajectory dialog reads project files) and
 * the volume-streaming actions as State Tree actions (streaming is Structure Tools' section, on our server). The product never reaches public servers
 * from the viewer; project files come through our API (Entry List, Get PDB dialog), local
 * files through Open Files and drag and drop.
 */
export const REMOTE_ACTIONS: ReadonlySet<unknown> = new Set<unknown>([
  StateActions.Structure.DownloadStructure,
  StateActions.Volume.DownloadDensity,
  StateActions.DataFormat.DownloadFile,
  StateActions.Structure.LoadTrajectory,
  StateTransforms.Data.Download,
  InitVolumeStreaming,
  BoxifyVolumeStreaming,
  CreateVolumeStreamingBehavior,
]);

/** Mol*'s default actions without the remote ones (Open Files and the local transforms stay). */
export function localActions(actions: readonly PluginSpec.Action[]): PluginSpec.Action[] {
  return actions.filter((entry) => !REMOTE_ACTIONS.has(entry.action));
}

const pageOrigin = () => (typeof location === 'undefined' ? '' : location.origin);

export interface MedViewSpecOptions {
  lowGraphics: boolean;
}

/**
 * Med View's plugin spec: Mol*'s default UI spec (spec §2 regions: sequence on top, left
 * tabs, Structure Tools on the right, the log at the bottom), with remote states off (no public
 * state server), no download-from-the-internet actions, volume streaming from our own server only, the panels laid out inside the host element, and our viewport.
 */
export function medViewSpec({ lowGraphics }: MedViewSpecOptions): PluginUISpec {
  const base = DefaultPluginUISpec();
  return {
    ...base,
    actions: localActions(base.actions ?? []),
    behaviors: behaviors(),
    // The left panel starts collapsed to its tab strip: the canvas, not Open Files, fills Med View.
    layout: {
      initial: {
        isExpanded: false,
        showControls: true,
        controlsDisplay: 'landscape',
        regionState: { left: 'collapsed', top: 'full', right: 'full', bottom: 'full' },
      },
    },
    components: {
      ...base.components,
      remoteState: 'none',
      structureTools: StructureToolsPanel,
      viewport: { ...base.components?.viewport, view: MedViewport },
    },
    canvas3d: lowGraphics ? { multiSample: { mode: 'off' }, postprocessing: NO_POSTPROCESSING } : undefined,
    config: [
      ...(base.config ?? []),
      // Volume streaming of the project's own maps, from our server only (features/viewer-density
      // streaming-molstar.ts points it at the open project and keeps every request on this origin;
      // before that, this address answers 404: Mol*'s 'No Density Data Available').
      [PluginConfig.VolumeStreaming.Enabled, true],
      [PluginConfig.VolumeStreaming.DefaultServer, `${pageOrigin()}/v1/volume-server`],
      [PluginConfig.VolumeStreaming.EmdbHeaderServer, `${pageOrigin()}/v1/volume-server`],
      // Any one-model structure can stream a project map (Mol*'s test wants a PDB entry's map record).
      [PluginConfig.VolumeStreaming.CanStream, (s: Structure) => s.models.length === 1],
      ...(lowGraphics
        ? ([
            [PluginConfig.General.DisableAntialiasing, true],
            [PluginConfig.General.PixelScale, 1],
            // Software renderers (SwiftShader) report a major performance caveat; accept it here.
            [PluginConfig.General.AllowMajorPerformanceCaveat, true],
          ] as [PluginConfigItem, unknown][])
        : []),
    ],
  };
}
