import type { PluginUIContext } from 'molstar/lib/mol-plugin-ui/context';
import { planLoad } from './formats';
import { collectLoadedFiles, fileTag, type LoadedFile, SnapshotStore, type ViewerSnapshot } from './loaded-files';
import { setSubtreeHidden } from './subtree-visibility';
import { downloadFileData, type LoadFileRequest } from './viewer-api';

/** Raised by `loadFile` when the viewer cannot read the file's format. */
export class UnsupportedFormatError extends Error {
  constructor(readonly format: string) {
    super(`unsupported format: ${format}`);
    this.name = 'UnsupportedFormatError';
  }
}

/**
 * Raised when the coordinates' frames do not have as many atoms as the model (spec §4 "Trajectory
 * load": the coordinates belong to the model they were written from). Mol* itself does not check,
 * and would draw the first atoms at the wrong places.
 */
export class AtomCountMismatchError extends Error {
  constructor(
    readonly modelAtoms: number,
    readonly coordinateAtoms: number,
  ) {
    super(`the model has ${modelAtoms} atoms, the coordinates ${coordinateAtoms} per frame`);
    this.name = 'AtomCountMismatchError';
  }
}

/** Tags the cells a file's copy depends on but which are not its root (a trajectory's two data cells). */
export function partTag(fileId: number): string {
  return `medx-part-of:${fileId}`;
}

/**
 * The app's handle on the 3D viewer. Loaded files live in Mol*'s state tree (a tag on each
 * file's data cell); this class only reads them back and publishes a snapshot for React.
 * Only types come from Mol* here, so importing this module does not pull Mol* into a chunk.
 */
export class ViewerService {
  private plugin: PluginUIContext | null = null;
  private readonly store = new SnapshotStore();
  private unsubscribe: (() => void) | null = null;
  private waiting: Array<(plugin: PluginUIContext) => void> = [];
  /** Operations run one after another: a load and a remove of the same file must not interleave. */
  private queue: Promise<unknown> = Promise.resolve();

  /** The current snapshot and its subscription (for `useSyncExternalStore`). */
  readonly snapshot = (): ViewerSnapshot => this.store.get();
  readonly subscribe = (listener: () => void): (() => void) => this.store.subscribe(listener);

  get current(): PluginUIContext | null {
    return this.plugin;
  }

  private readonly pluginListeners = new Set<() => void>();

  /** The attached plugin, or null (for `useSyncExternalStore` with `subscribePlugin`). */
  readonly getPlugin = (): PluginUIContext | null => this.plugin;

  /** Called whenever a plugin is attached or detached. */
  readonly subscribePlugin = (listener: () => void): (() => void) => {
    this.pluginListeners.add(listener);
    return () => {
      this.pluginListeners.delete(listener);
    };
  };

  private notifyPlugin(): void {
    for (const listener of [...this.pluginListeners]) listener();
  }

  /** Called by <MedView> once its plugin is initialised. */
  attach(plugin: PluginUIContext): void {
    this.detach();
    this.plugin = plugin;
    const data = plugin.state.data;
    const refresh = () => this.refresh();
    const subs = [data.events.changed.subscribe(refresh), data.events.cell.stateUpdated.subscribe(refresh)];
    this.unsubscribe = () => {
      for (const sub of subs) sub.unsubscribe();
    };
    // Med View opens with its left panel collapsed to the tab strip (plugin-spec.ts); with no tab
    // chosen, one click on any tab opens it (Mol* would otherwise take the first click on the
    // preselected Home tab as "collapse").
    if (plugin.layout.state.regionState.left === 'collapsed') plugin.behaviors.layout.leftPanelTabName.next('none');
    this.refresh();
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve(plugin);
    this.notifyPlugin();
  }

  /** Called by <MedView> before its plugin is disposed. */
  detach(plugin?: PluginUIContext): void {
    if (plugin && plugin !== this.plugin) return;
    this.unsubscribe?.();
    this.unsubscribe = null;
    const had = this.plugin !== null;
    this.plugin = null;
    this.store.reset();
    if (had) this.notifyPlugin();
  }

  /** The plugin, now or once a <MedView> attaches one. */
  whenReady(): Promise<PluginUIContext> {
    if (this.plugin) return Promise.resolve(this.plugin);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  isLoaded(fileId: number): boolean {
    return this.find(fileId) !== undefined;
  }

  isVisible(fileId: number): boolean {
    return this.find(fileId)?.visible ?? false;
  }

  /**
   * Downloads a file (with the session's headers) and shows it: structures through the
   * trajectory parser and the 'default' preset, volumes and meshes through Mol*'s format
   * providers. A copy of the same file already in the viewer is removed first.
   */
  loadFile(request: LoadFileRequest, signal?: AbortSignal): Promise<LoadedFile> {
    const plan = planLoad(request.format);
    if (plan.kind === 'unsupported') return Promise.reject(new UnsupportedFormatError(plan.format));
    // Coordinates alone have no atoms to draw: they load with a model (loadTrajectory).
    if (plan.kind === 'coordinates') return Promise.reject(new UnsupportedFormatError(plan.provider));
    this.store.startLoading(request.fileId);
    return this.enqueue(async () => {
      try {
        const data = await downloadFileData(request, signal);
        const plugin = await this.whenReady();
        await this.removeNow(plugin, request.fileId);
        const root = await plugin.builders.data.rawData(
          { data, label: request.label },
          { tags: [fileTag(request.fileId)] },
        );
        try {
          if (plan.kind === 'trajectory') {
            const trajectory = await plugin.builders.structure.parseTrajectory(root, plan.format);
            await plugin.builders.structure.hierarchy.applyPreset(trajectory, 'default');
          } else {
            const provider = plugin.dataFormats.get(plan.provider);
            if (!provider) throw new UnsupportedFormatError(plan.provider);
            const parsed = await provider.parse(plugin, root);
            await provider.visuals?.(plugin, parsed);
          }
        } catch (error) {
          // Leave no half-built copy behind.
          await plugin.build().delete(root.ref).commit();
          throw error;
        }
        this.refresh();
        const loaded = this.find(request.fileId);
        if (!loaded) throw new Error(`file ${request.fileId} is not in the state tree after loading`);
        return loaded;
      } finally {
        this.store.endLoading(request.fileId);
      }
    });
  }

  /**
   * Spec §3 "Trajectory load": a coordinates file (xtc, dcd, trr) with the model file it belongs
   * to, as one trajectory (Mol*'s TrajectoryFromModelAndCoordinates). The viewer reports it as the
   * coordinates file's copy (its In toggle hides, shows and reloads it); the model file's own
   * copy, if any, is untouched. A model whose atom count differs from the frames' is refused
   * (AtomCountMismatchError) and nothing stays behind.
   */
  loadTrajectory(model: LoadFileRequest, coordinates: LoadFileRequest, signal?: AbortSignal): Promise<LoadedFile> {
    const modelPlan = planLoad(model.format);
    if (modelPlan.kind !== 'trajectory') return Promise.reject(new UnsupportedFormatError(model.format));
    const coordinatesPlan = planLoad(coordinates.format);
    if (coordinatesPlan.kind !== 'coordinates') return Promise.reject(new UnsupportedFormatError(coordinates.format));
    const fileId = coordinates.fileId;
    this.store.startLoading(fileId);
    return this.enqueue(async () => {
      try {
        const [modelData, coordinatesData] = await Promise.all([
          downloadFileData(model, signal),
          downloadFileData(coordinates, signal),
        ]);
        const plugin = await this.whenReady();
        await this.removeNow(plugin, fileId);
        // Mol* stays out of this module's chunk.
        const { buildTrajectory } = await import('./trajectory-molstar');
        const mismatch = await buildTrajectory(plugin, {
          model: { data: modelData, label: model.label, format: modelPlan.format },
          coordinates: { data: coordinatesData, label: coordinates.label, provider: coordinatesPlan.provider },
          tags: [fileTag(fileId)],
          partTags: [partTag(fileId)],
        });
        if (mismatch) throw new AtomCountMismatchError(mismatch.modelAtoms, mismatch.coordinateAtoms);
        this.refresh();
        const loaded = this.find(fileId);
        if (!loaded) throw new Error(`file ${fileId} is not in the state tree after loading`);
        return loaded;
      } finally {
        this.store.endLoading(fileId);
      }
    });
  }

  /** Hides or shows everything the file put in the state tree. False when it is not loaded. */
  setVisible(fileId: number, visible: boolean): boolean {
    const plugin = this.plugin;
    const file = this.find(fileId);
    if (!plugin || !file) return false;
    // The cell and its whole subtree, as Mol*'s visibility toggle does, but parts the preset
    // keeps hidden (the unit cell) stay hidden when the file is shown again.
    setSubtreeHidden(plugin.state.data, file.ref, !visible);
    this.refresh();
    return true;
  }

  /** Removes the file's cells from the viewer (nothing happens when it is not loaded). */
  remove(fileId: number): Promise<void> {
    return this.enqueue(async () => {
      if (this.plugin) await this.removeNow(this.plugin, fileId);
    });
  }

  /** Removes every loaded file. */
  clear(): Promise<void> {
    return this.enqueue(async () => {
      const plugin = this.plugin;
      if (!plugin) return;
      const builder = plugin.build();
      for (const file of this.loadedFiles(plugin)) builder.delete(file.ref);
      for (const ref of this.partRefs(plugin, null)) builder.delete(ref);
      await builder.commit();
      this.refresh();
    });
  }

  /**
   * Empties the viewer: every top-level cell of the state tree, project files and anything else
   * (dropped files, snapshots' data). Spec §4 "Replace Workspace".
   */
  clearAll(): Promise<void> {
    return this.enqueue(async () => {
      const plugin = this.plugin;
      if (!plugin) return;
      const state = plugin.state.data;
      const builder = plugin.build();
      for (const child of state.tree.children.get(state.tree.root.ref).toArray()) builder.delete(child);
      await builder.commit();
      this.refresh();
    });
  }

  private async removeNow(plugin: PluginUIContext, fileId: number): Promise<void> {
    const stale = this.loadedFiles(plugin).filter((f) => f.fileId === fileId);
    const parts = this.partRefs(plugin, fileId);
    if (stale.length === 0 && parts.length === 0) return;
    const builder = plugin.build();
    for (const file of stale) builder.delete(file.ref);
    for (const ref of parts) builder.delete(ref);
    await builder.commit();
    this.refresh();
  }

  /** Refs of the cells tagged as parts of the file's copy (of any file's, for null). */
  private partRefs(plugin: PluginUIContext, fileId: number | null): string[] {
    const wanted = fileId === null ? null : partTag(fileId);
    const refs: string[] = [];
    for (const cell of plugin.state.data.cells.values()) {
      const tags = cell.transform.tags ?? [];
      if (wanted ? tags.includes(wanted) : tags.some((tag) => tag.startsWith('medx-part-of:'))) {
        refs.push(cell.transform.ref);
      }
    }
    return refs;
  }

  private find(fileId: number): LoadedFile | undefined {
    return this.store.get().files.find((f) => f.fileId === fileId);
  }

  /** Every tagged cell, including a second copy of the same file should one exist. */
  private loadedFiles(plugin: PluginUIContext): LoadedFile[] {
    const out: LoadedFile[] = [];
    for (const cell of plugin.state.data.cells.values()) {
      out.push(...collectLoadedFiles([cell]));
    }
    return out;
  }

  private refresh(): void {
    const plugin = this.plugin;
    this.store.setFiles(plugin ? collectLoadedFiles(plugin.state.data.cells.values()) : []);
  }

  private enqueue<T>(operation: () => Promise<T>): Promise<T> {
    const run = this.queue.then(operation, operation);
    this.queue = run.catch(() => undefined);
    return run;
  }
}
