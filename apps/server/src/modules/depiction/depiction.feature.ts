import { defineFeature } from '../../platform';
import { depictionRoutes } from './depiction.routes';
import { DepictionService } from './depiction.service';

/** 2D layouts of ligands for Med View's 2D interaction diagram (issue 12 point 2). */
export const depictionFeature = defineFeature({
  name: 'depiction',
  setup: ({ access }) => ({
    routes: [{ prefix: '/v1/depiction', plugin: depictionRoutes(new DepictionService(access)) }],
  }),
});
