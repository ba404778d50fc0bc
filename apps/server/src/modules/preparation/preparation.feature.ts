import { defineFeature } from '../../platform';
import { prepareLigand, quickPrepareProtein } from './preparation.executors';
import { preparationRoutes } from './preparation.routes';
import { PreparationService } from './preparation.service';
import { preparationStepTools } from './preparation.steps';

/** Structure preparation: quick_prepare_protein and prepare_ligand jobs. */
export const preparationFeature = defineFeature({
  name: 'preparation',
  setup: ({ files, jobs, access, stepTools }) => {
    stepTools.add(preparationStepTools(files.repository));
    const deps = { files: files.repository, fileRules: files.service };
    return {
      routes: [{ prefix: '/v1/jobs', plugin: preparationRoutes(new PreparationService(files.service, jobs, access)) }],
      executors: { QUICK_PREPARE_PROTEIN: quickPrepareProtein(deps), PREPARE_LIGAND: prepareLigand(deps) },
    };
  },
});
