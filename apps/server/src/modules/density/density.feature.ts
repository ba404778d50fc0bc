import { defineFeature } from '../../platform';
import { densityRoutes } from './density.routes';
import { DensityService } from './density.service';

/** Med View's electron density (issue 12): meshes of CCP4/MRC maps around residues, and PLY files of them. */
export const densityFeature = defineFeature({
  name: 'density',
  setup: ({ files, access, storage }) => ({
    routes: [
      { prefix: '/v1/files', plugin: densityRoutes(new DensityService(files.service, access, storage, files.writer)) },
    ],
  }),
});
