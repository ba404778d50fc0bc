import { defineFeature } from '../../platform';
import { volumeStreamingRoutes } from './volume-streaming.routes';
import { VolumeStreamingService } from './volume-streaming.service';

/** Volume streaming of the project's own maps through Mol*'s volume server (issue 12 point 7). */
export const volumeStreamingFeature = defineFeature({
  name: 'volume-streaming',
  setup: ({ config, files, access, storage }) => ({
    routes: [
      {
        prefix: '/v1/projects',
        plugin: volumeStreamingRoutes(new VolumeStreamingService(files.service, access, storage, config.dataDir)),
      },
    ],
  }),
});
