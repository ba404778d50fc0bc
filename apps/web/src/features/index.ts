import type { WorkspaceFeature } from '../workspace/registry/feature';
import { dockingFeature } from './docking/feature';
import { editor2dFeature } from './editor-2d/feature';
import { entryListFeature } from './entry-list/feature';
import { jobsFeature } from './jobs/feature';
import { medViewFeature } from './med-view/feature';
import { screeningFeature } from './screening/feature';
import { sequenceViewerFeature } from './sequence-viewer/feature';
import { structureViewerFeature } from './structure-viewer/feature';
import { toolsFeature } from './tools/feature';
import { tourFeature } from './tour/feature';
import { transMolFeature } from './transmol/feature';
import { viewerDensityFeature } from './viewer-density/feature';
import { viewerInteractionsFeature } from './viewer-interactions/feature';
import { viewerPresetsFeature } from './viewer-presets/feature';
import { viewerStatesFeature } from './viewer-states/feature';
import { viewerTrajectoryFeature } from './viewer-trajectory/feature';
import { workflowsFeature } from './workflows/feature';

/**
 * The workspace's features, as the workspace page registers them (menus and header tools take
 * their order from each registration, not from this list). A new feature: its folder with a
 * feature.ts, and one line here.
 */
export const WORKSPACE_FEATURES: readonly WorkspaceFeature[] = [
  entryListFeature,
  structureViewerFeature,
  medViewFeature,
  sequenceViewerFeature,
  editor2dFeature,
  dockingFeature,
  screeningFeature,
  jobsFeature,
  tourFeature,
  toolsFeature,
  workflowsFeature,
  transMolFeature,
  viewerInteractionsFeature,
  viewerStatesFeature,
  viewerDensityFeature,
  viewerPresetsFeature,
  viewerTrajectoryFeature,
];
