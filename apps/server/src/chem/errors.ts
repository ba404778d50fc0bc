/**
 * Failures of the chemistry layer that the files API must turn into a user-facing
 * message. The layer never knows about HTTP: callers map `code` to a catalogue key
 * (e.g. 'unsupportedFormat' -> 'Not Support {ext} file.', the rest -> 'Failed to
 * convert molecule') and may log `detail`, which is meant for engineers.
 */
export type ChemistryErrorCode =
  /** The extension is not one this layer handles for the requested operation. */
  | 'unsupportedFormat'
  /** The content cannot be read as the declared format. */
  | 'invalidInput'
  /** A single-molecule operation was given several records (SDF/MOL2 records, SMILES lines, models). */
  | 'multipleMolecules'
  /** A tool ran but gave no usable result (e.g. Open Babel converted 0 molecules). */
  | 'conversionFailed'
  /** The input is beyond what the operation accepts (atoms per molecule...); `params` say by how much. */
  | 'tooLarge'
  /** The workers that do this are all busy and their queue is full: try again shortly. */
  | 'busy';

export class ChemistryError extends Error {
  override readonly name = 'ChemistryError';
  /** Numbers a message can show (atoms and max for 'tooLarge'). */
  readonly params: Record<string, number>;

  constructor(
    readonly code: ChemistryErrorCode,
    readonly detail: string,
    options?: { cause?: unknown; params?: Record<string, number> },
  ) {
    super(`${code}: ${detail}`, options);
    this.params = options?.params ?? {};
  }
}
