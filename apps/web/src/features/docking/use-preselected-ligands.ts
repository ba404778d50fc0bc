import type { ProjectFile } from '@medx/contract';
import { useEffect, useRef } from 'react';
import { filesApi } from '../../api/files';
import { clearLigandRequest, useLigandRequest } from './preselected-ligands';

/**
 * Applies a pending ligand request (openDockingWizard) to the wizard: the files are fetched
 * (the picker holds ProjectFile rows) and handed to `apply`; ids that no longer resolve are left out.
 */
export function usePreselectedLigands(apply: (files: ProjectFile[]) => void): void {
  const request = useLigandRequest();
  const latest = useRef(apply);
  latest.current = apply;
  useEffect(() => {
    if (!request) return;
    let live = true;
    void Promise.all(request.map((id) => filesApi.get(id))).then((answers) => {
      if (!live) return;
      clearLigandRequest(request);
      const files = answers.flatMap((answer) => (answer.success && answer.data ? [answer.data] : []));
      if (files.length > 0) latest.current(files);
    });
    return () => {
      live = false;
    };
  }, [request]);
}
