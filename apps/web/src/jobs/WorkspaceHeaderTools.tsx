import { useSearchParams } from 'react-router';
import { FunctionMenu } from '../docking/FunctionMenu';
import { TourButton } from '../tour/TourButton';
import { JobsButton } from './JobsButton';
import './jobs.css';

/** The workspace's header entries: Function menu, Jobs (with the running counter), the tour. */
export function WorkspaceHeaderTools() {
  const [params] = useSearchParams();
  const projectId = Number(params.get('project'));
  if (!Number.isInteger(projectId) || projectId <= 0) return null;
  return (
    <div className="medx-header-tools">
      <FunctionMenu />
      <JobsButton projectId={projectId} />
      <TourButton projectId={projectId} />
    </div>
  );
}
