/** Entry of a cavity-detection worker thread (see pockets.service.ts): the grid work off the event loop. */
import { serveTasks } from '../../lib/worker-host';
import { detectCavities } from './cavity';

serveTasks({ detectCavities });
