import { type BuilderDraft, type BuilderProblem, builderProblems } from '@medx/contract';
import { createContext, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The draft's problems (the contract's builderProblems, the server's own rule) as the form
 * shows them: each beside its field by path, texts from the message catalogue (`msg:` keys).
 */
export interface ProblemsView {
  all: readonly BuilderProblem[];
  /** Whether fields show their problems (not on a new, untouched draft). */
  shown: boolean;
  /** The translated text of the first problem at exactly `path`, when shown. */
  at: (path: string) => string | undefined;
  /** Every problem at `path` or under it (`params.2` covers `params.2.name`). */
  under: (path: string) => BuilderProblem[];
  text: (problem: BuilderProblem) => string;
}

export function useProblemsView(draft: BuilderDraft, shown: boolean): ProblemsView {
  const { t } = useTranslation();
  const all = useMemo(() => builderProblems(draft), [draft]);
  return useMemo(() => {
    const text = (problem: BuilderProblem) => t(`msg:${problem.key}`, problem.vars ?? {});
    return {
      all,
      shown,
      text,
      at: (path) => {
        if (!shown) return undefined;
        const problem = all.find((p) => p.path === path);
        return problem ? text(problem) : undefined;
      },
      under: (path) => (shown ? all.filter((p) => p.path === path || p.path.startsWith(`${path}.`)) : []),
    };
  }, [all, shown, t]);
}

const ProblemsContext = createContext<ProblemsView | null>(null);
export const ProblemsProvider = ProblemsContext.Provider;

export function useProblems(): ProblemsView {
  const view = useContext(ProblemsContext);
  if (!view) throw new Error('useProblems needs a ProblemsProvider');
  return view;
}

/** antd Form.Item props showing the problem at `path`. */
export function problemProps(problems: ProblemsView, path: string) {
  const help = problems.at(path);
  return help ? { validateStatus: 'error' as const, help } : {};
}
