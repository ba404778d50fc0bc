import { defineFeature } from '../../workspace/registry/feature';
import { TourButton } from './TourButton';

/** The guided tour (spec §1): its button in the workspace's header. */
export const tourFeature = defineFeature({
  id: 'tour',
  headerTools: [{ id: 'tour', order: 30, component: TourButton }],
});
