/**
 * Files dropped on Med View (spec §4 "Dragged files"): a `.molx` or `.medj` opens as a snapshot
 * (the first one only); other files load in the format their extension names, with visuals.
 * Extensions no format reader knows are refused by name ('Not Support .xyz file.', spec §5's text).
 */

/** Snapshot files: `.molx` is Mol*'s zip session; `.medj` is our JSON state (Mol*'s `.molj`). */
const SNAPSHOT_EXTENSIONS = ['molx', 'medj', 'molj'] as const;

export type DropPlan<F> = { kind: 'snapshot'; file: F } | { kind: 'open'; files: F[]; unsupported: string[] };

/** The lower-case extension of a name ('' without one); `.gz` keeps the one before it. */
export function dropExtension(name: string): string {
  const parts = name.toLowerCase().split('.');
  if (parts.length < 2) return '';
  const last = parts[parts.length - 1] ?? '';
  if (last === 'gz' && parts.length > 2) return parts[parts.length - 2] ?? '';
  return last;
}

export function isSnapshotFile(name: string): boolean {
  return (SNAPSHOT_EXTENSIONS as readonly string[]).includes(dropExtension(name));
}

/**
 * Decides what a drop does. `known` is the set of extensions the viewer's format registry reads.
 * A snapshot wins over everything else in the same drop, as in Mol*'s own handler.
 */
export function planDrop<F extends { name: string }>(files: readonly F[], known: ReadonlySet<string>): DropPlan<F> {
  const snapshot = files.find((file) => isSnapshotFile(file.name));
  if (snapshot) return { kind: 'snapshot', file: snapshot };
  const open: F[] = [];
  const unsupported: string[] = [];
  for (const file of files) {
    const ext = dropExtension(file.name);
    if (ext && known.has(ext)) open.push(file);
    else if (!unsupported.includes(ext)) unsupported.push(ext);
  }
  return { kind: 'open', files: open, unsupported };
}

/**
 * Mol*'s snapshot reader picks JSON or zip by the name's ending (`json`/`molj` → JSON); a `.medj`
 * is JSON under our own name, so it is handed over as `.molj`.
 */
export function snapshotFileName(name: string): string {
  return name.replace(/\.medj$/i, '.molj');
}
