import { adminFeature } from './modules/admin/admin.feature';
import { billingFeature } from './modules/billing/billing.feature';
import { densityFeature } from './modules/density/density.feature';
import { depictionFeature } from './modules/depiction/depiction.feature';
import { dockingFeature } from './modules/docking/docking.feature';
import { newsFeature } from './modules/news/news.feature';
import { pocketsFeature } from './modules/pockets/pockets.feature';
import { preparationFeature } from './modules/preparation/preparation.feature';
import { quotasFeature } from './modules/quotas/quotas.feature';
import { toolBuilderFeature } from './modules/tool-builder/tool-builder.feature';
import { toolsFeature } from './modules/tools/tools.feature';
import { transmolFeature } from './modules/transmol/transmol.feature';
import { viewerFeature } from './modules/viewer/viewer.feature';
import { volumeStreamingFeature } from './modules/volume-streaming/volume-streaming.feature';
import { workflowsFeature } from './modules/workflows/workflows.feature';
import type { ServerFeature } from './platform';

/**
 * The server's features, built on the platform in this order. A new feature is one
 * entry here; its job types are one entry in the contract's job registry (job-types.ts).
 */
export const FEATURES: readonly ServerFeature[] = [
  preparationFeature,
  pocketsFeature,
  dockingFeature,
  transmolFeature,
  workflowsFeature,
  quotasFeature,
  toolsFeature,
  toolBuilderFeature,
  viewerFeature,
  densityFeature,
  depictionFeature,
  volumeStreamingFeature,
  newsFeature,
  adminFeature,
  billingFeature,
];
