/** Entry of a volume-streaming worker thread (see volume-streaming.service.ts): Mol*'s pack and queries. */
import { serveTasks } from '../../lib/worker-host';
import { packedHeader, packMap, queryPacked } from './volume-server-tasks';

serveTasks({ packMap, packedHeader, queryPacked });
