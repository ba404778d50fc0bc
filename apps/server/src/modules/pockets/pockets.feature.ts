import { defineFeature } from '../../platform';
import { pocketsRoutes } from './pockets.routes';
import { PocketsService } from './pockets.service';

/** Docking boxes: from a ligand, from residues, and by cavity detection. */
export const pocketsFeature = defineFeature({
  name: 'pockets',
  setup: ({ files, access }) => ({
    routes: [{ prefix: '/v1/docking', plugin: pocketsRoutes(new PocketsService(files.service, access)) }],
  }),
});
