/**
 * Which ligand the 2D interaction window should show next: set by the Docking Result table's
 * 2D button (through the `openInteractionDiagram` browser event) before the window opens, read
 * and cleared by the window once the pose is in Med View. No Mol* here: the listener that sets
 * it is mounted with the workspace.
 */
export interface DiagramRequest {
  /** The project file whose ligand to show (a docking pose). */
  fileId: number;
}

let request: DiagramRequest | null = null;
const listeners = new Set<() => void>();

export const diagramRequests = {
  get: (): DiagramRequest | null => request,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  set(next: DiagramRequest | null): void {
    request = next;
    for (const l of listeners) l();
  },
};
