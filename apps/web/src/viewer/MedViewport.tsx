import {
  AnimationViewportControls,
  LociLabels,
  SelectionViewportControls,
  StateSnapshotViewportControls,
  TrajectoryViewportControls,
  ViewportSnapshotDescription,
} from 'molstar/lib/mol-plugin-ui/controls';
import { BackgroundTaskProgress } from 'molstar/lib/mol-plugin-ui/task';
import { Toasts } from 'molstar/lib/mol-plugin-ui/toast';
import { ViewportControls } from 'molstar/lib/mol-plugin-ui/viewport';
import { ViewportCanvas } from 'molstar/lib/mol-plugin-ui/viewport/canvas';
import { WebGlUnavailable } from './WebGlUnavailable';

/**
 * Med View's viewport (spec §2 "Viewport overlays"): Mol*'s canvas and overlays, with our own
 * translated message when the canvas cannot get a WebGL context, and no link-out logo.
 * Our own component in `components.viewport.view`, as the docking-viewer app does.
 */
export function MedViewport() {
  return (
    <>
      <ViewportCanvas noWebGl={WebGlUnavailable} />
      <div className="msp-viewport-top-left-controls">
        <AnimationViewportControls />
        <TrajectoryViewportControls />
        <StateSnapshotViewportControls />
        <ViewportSnapshotDescription />
      </div>
      <SelectionViewportControls />
      <ViewportControls />
      <BackgroundTaskProgress />
      <div className="msp-highlight-toast-wrapper">
        <LociLabels />
        <Toasts />
      </div>
    </>
  );
}
