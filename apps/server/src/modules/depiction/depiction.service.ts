import type { Layout2dRequest, Layout2dResult } from '@medx/contract';
import { ChemistryError } from '../../chem/errors';
import { layout2dCoords } from '../../chem/rdkit';
import { AppError, badRequest } from '../../http/app-error';
import type { AuthContext } from '../../http/request-context';
import { WorkerPoolBusyError } from '../../lib/worker-pool';
import type { ProjectAccess } from '../projects/project-access';
import { graphMolblock } from './molblock';

/** 2D layouts for the 2D interaction diagram: RDKit on the sent graph; reading the project suffices. */
export class DepictionService {
  constructor(private readonly access: ProjectAccess) {}

  async layout2d(auth: AuthContext, body: Layout2dRequest): Promise<Layout2dResult> {
    await this.access.require(auth, body.project_id, 'read');
    let coords: [number, number][];
    try {
      coords = await layout2dCoords(graphMolblock(body.atoms, body.bonds));
    } catch (error) {
      if (error instanceof WorkerPoolBusyError) throw new AppError(503, 'serverBusy');
      if (error instanceof ChemistryError) throw badRequest('convertFailed');
      throw error;
    }
    if (coords.length !== body.atoms.length || coords.some(([x, y]) => !Number.isFinite(x) || !Number.isFinite(y))) {
      throw badRequest('convertFailed');
    }
    return { coords };
  }
}
