import 'molstar/build/viewer/molstar.css';
import { Result, Spin } from 'antd';
import { PluginUIContext } from 'molstar/lib/mol-plugin-ui/context';
import { Plugin } from 'molstar/lib/mol-plugin-ui/plugin';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canCreateWebGl, isLowGraphics } from './graphics';
import { MedViewStatus } from './MedViewStatus';
import { installDropHandler } from './medview-drop';
import { medViewSpec } from './plugin-spec';
import { ViewerToolbar } from './toolbar/ViewerToolbar';
import { useResponsiveRegions } from './use-responsive-regions';
import { useOptionalViewer } from './ViewerProvider';
import { WebGlUnavailable } from './WebGlUnavailable';

export interface MedViewProps {
  /** Low graphics (no multisampling, no post-processing); by default from `medx.lowGraphics` / `?lowGraphics=1`. */
  lowGraphics?: boolean;
  /** Called once the plugin is initialised (after it is attached to the surrounding ViewerProvider). */
  onReady?: (plugin: PluginUIContext) => void;
  className?: string;
  style?: CSSProperties;
}

type ViewState =
  | { kind: 'starting' }
  | { kind: 'ready'; plugin: PluginUIContext }
  | { kind: 'no-webgl' }
  | { kind: 'failed' };

/**
 * The Med View 3D viewer: a Mol* plugin in our React tree. It fills its parent (which must have
 * a size); the window title belongs to the surrounding layout. Loaded lazily with Mol*'s CSS.
 */
export function MedView({ lowGraphics, onReady, className, style }: MedViewProps) {
  const { t } = useTranslation('viewer');
  const viewer = useOptionalViewer();
  const low = lowGraphics ?? isLowGraphics();
  const [state, setState] = useState<ViewState>({ kind: 'starting' });
  const boxRef = useRef<HTMLDivElement | null>(null);
  // A narrow Med View keeps its canvas: the side panels collapse (see responsive-regions.ts).
  useResponsiveRegions(state.kind === 'ready' ? state.plugin : null, boxRef);

  // biome-ignore lint/correctness/useExhaustiveDependencies: onReady is a notification; a new callback must not restart Mol*.
  useEffect(() => {
    if (!canCreateWebGl()) {
      setState({ kind: 'no-webgl' });
      return;
    }
    // StrictMode runs this effect twice: the first plugin is disposed once its init settles,
    // and nothing of it reaches the screen or the viewer service.
    let disposed = false;
    const plugin = new PluginUIContext(medViewSpec({ lowGraphics: low }));
    const init = plugin.init().then(
      () => {
        if (disposed) return;
        installDropHandler(plugin);
        viewer?.attach(plugin);
        setState({ kind: 'ready', plugin });
        onReady?.(plugin);
      },
      (error: unknown) => {
        console.error('Mol* failed to start', error);
        if (!disposed) setState({ kind: 'failed' });
      },
    );
    return () => {
      disposed = true;
      viewer?.detach(plugin);
      setState({ kind: 'starting' });
      void init.finally(() => plugin.dispose());
    };
  }, [low, viewer]);

  const box: CSSProperties = { position: 'relative', width: '100%', height: '100%', overflow: 'hidden', ...style };

  return (
    <div ref={boxRef} className={className} style={box} data-testid="med-view" data-state={state.kind}>
      {state.kind === 'ready' && (
        <div style={{ display: 'flex', flexDirection: 'column', width: '100%', height: '100%' }}>
          <ViewerToolbar plugin={state.plugin} />
          <div style={{ position: 'relative', flex: 1, minHeight: 0 }}>
            <Plugin plugin={state.plugin} />
          </div>
          <MedViewStatus plugin={state.plugin} />
        </div>
      )}
      {state.kind === 'starting' && (
        <div style={{ display: 'flex', height: '100%', alignItems: 'center', justifyContent: 'center' }}>
          <Spin description={t('starting')}>
            <div style={{ width: 160, height: 80 }} />
          </Spin>
        </div>
      )}
      {state.kind === 'no-webgl' && <WebGlUnavailable />}
      {state.kind === 'failed' && <Result status="error" title={t('startFailed')} data-testid="viewer-failed" />}
    </div>
  );
}

export default MedView;
