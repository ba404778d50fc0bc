/**
 * The state of a light form (ui-light: the login page's controls, without antd): values,
 * the fields on screen with their checks, and each field's error. It behaves like antd's
 * forms where the login page relies on them: a field is checked when it changes and on
 * submit; a field that depends on another (the confirmation on the password) is checked
 * again when that one changes, once it has been touched; values survive a field leaving
 * the screen (email and phone take turns).
 */

/** Throws (or rejects with) an Error whose message is shown under the field; resolves when valid. */
export type FieldCheck = (value: unknown) => Promise<void> | void;

interface FieldEntry {
  checks: readonly FieldCheck[];
  dependencies: readonly string[];
}

export type FormValues = Record<string, unknown>;

export class FormStore {
  private values: FormValues;
  private readonly errors = new Map<string, string>();
  private readonly fields = new Map<string, FieldEntry>();
  private readonly touched = new Set<string>();
  /** The latest check of each field: an older one that ends later is ignored. */
  private readonly runs = new Map<string, number>();
  private readonly listeners = new Set<() => void>();
  private version = 0;
  private onChange: ((values: FormValues) => void) | undefined;

  constructor(initial: FormValues) {
    this.values = { ...initial };
  }

  /** For useSyncExternalStore. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getVersion = (): number => this.version;

  /** Called with every value after each change a user makes. */
  setChangeListener(listener: ((values: FormValues) => void) | undefined): void {
    this.onChange = listener;
  }

  /** A field on screen and its checks; the returned function takes it off again (its error goes, its value stays). */
  register(name: string, entry: FieldEntry): () => void {
    this.fields.set(name, entry);
    return () => {
      if (this.fields.get(name) !== entry) return;
      this.fields.delete(name);
      if (this.errors.delete(name)) this.notify();
    };
  }

  getValue(name: string): unknown {
    return this.values[name];
  }

  getValues(): FormValues {
    return { ...this.values };
  }

  error(name: string): string | undefined {
    return this.errors.get(name);
  }

  /** A user's change: stored, then this field and the touched fields depending on it are checked. */
  setValue(name: string, value: unknown): void {
    this.values = { ...this.values, [name]: value };
    this.touched.add(name);
    this.notify();
    this.onChange?.(this.getValues());
    const dependents = [...this.fields].filter(
      ([other, entry]) => entry.dependencies.includes(name) && this.touched.has(other),
    );
    void this.validate([name, ...dependents.map(([other]) => other)]);
  }

  /** Checks the given fields on screen (all of them by default); true when every one passes. */
  async validate(names?: readonly string[]): Promise<boolean> {
    const chosen = (names ?? [...this.fields.keys()]).filter((name) => this.fields.has(name));
    const results = await Promise.all(chosen.map((name) => this.check(name)));
    return results.every(Boolean);
  }

  private async check(name: string): Promise<boolean> {
    const entry = this.fields.get(name);
    if (!entry) return true;
    this.touched.add(name);
    const run = (this.runs.get(name) ?? 0) + 1;
    this.runs.set(name, run);
    let message: string | undefined;
    for (const check of entry.checks) {
      try {
        await check(this.values[name]);
      } catch (error) {
        message = error instanceof Error ? error.message : String(error);
        break;
      }
    }
    if (this.runs.get(name) !== run) return message === undefined;
    const before = this.errors.get(name);
    if (message === undefined) this.errors.delete(name);
    else this.errors.set(name, message);
    if (before !== message) this.notify();
    return message === undefined;
  }

  private notify(): void {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }
}
