/** Entry of an electron-density worker thread (see density.service.ts): map reading and contouring. */
import { serveTasks } from '../../lib/worker-host';
import { densityMesh } from './density-mesh';

serveTasks({ densityMesh });
