import { BuilderDraft } from '@medx/contract';
import { type Dispatch, useEffect, useMemo, useReducer } from 'react';
import {
  type BuilderAction,
  type BuilderState,
  builderReducer,
  draftJson,
  initialState,
  isPristine,
} from './builder-draft';

/** Where a user's draft survives a reload of the tab (sessionStorage: gone with the tab). */
export const draftStorageKey = (userId: number | string) => `toolBuilder.draft.${userId}`;

interface Stored {
  draft: unknown;
  savedJson: string;
}

function restore(storageKey: string | null): BuilderState {
  if (!storageKey) return initialState();
  try {
    const raw = sessionStorage.getItem(storageKey);
    if (!raw) return initialState();
    const stored = JSON.parse(raw) as Stored;
    const parsed = BuilderDraft.safeParse(stored.draft);
    if (!parsed.success) return initialState();
    return { draft: parsed.data, savedJson: String(stored.savedJson ?? ''), submittedJson: null };
  } catch {
    return initialState();
  }
}

export interface BuilderDraftHandle {
  state: BuilderState;
  draft: BuilderDraft;
  dispatch: Dispatch<BuilderAction>;
  /** The draft differs from the last saved (or loaded) one. */
  dirty: boolean;
  /** The draft is the one last submitted. */
  submitted: boolean;
  /** Nothing typed yet (a new, untouched draft). */
  pristine: boolean;
}

/**
 * The builder's draft (one reducer, builder-draft.ts) kept in sessionStorage under
 * `storageKey` so a reload of the tab does not lose the work; null keeps it in memory only.
 */
export function useBuilderDraft(storageKey: string | null): BuilderDraftHandle {
  const [state, dispatch] = useReducer(builderReducer, storageKey, restore);

  useEffect(() => {
    if (!storageKey) return;
    const timer = setTimeout(() => {
      try {
        sessionStorage.setItem(storageKey, JSON.stringify({ draft: state.draft, savedJson: state.savedJson }));
      } catch {
        // Full storage (large scripts): the draft lives on in memory.
      }
    }, 400);
    return () => clearTimeout(timer);
  }, [storageKey, state.draft, state.savedJson]);

  return useMemo(() => {
    const json = draftJson(state.draft);
    return {
      state,
      draft: state.draft,
      dispatch,
      dirty: json !== state.savedJson,
      submitted: state.submittedJson === json,
      pristine: isPristine(state.draft),
    };
  }, [state]);
}
