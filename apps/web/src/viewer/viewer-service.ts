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
    if (stale.length === 0) return;
    const builder = plugin.build();
    for (const file of stale) builder.delete(file.ref);
    await builder.commit();
    this.refresh();
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
