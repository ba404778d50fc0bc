import { useSearchParams } from 'react-router';
import { headerTools } from '../registry/registry';
import { FunctionMenu } from './FunctionMenu';
import { WindowMenu } from './WindowMenu';
import './header.css';

/**
 * The workspace's part of the app header (the page renders it into the header's slot): the
 * Window menu, then, with a project in the address, the Function menu and the header tools the
 * features register (Jobs with its counter, the tour), in their order.
 */
export function WorkspaceHeader() {
  const [params] = useSearchParams();
  const projectId = Number(params.get('project'));
  const hasProject = Number.isInteger(projectId) && projectId > 0;
  return (
    <>
      <WindowMenu />
      {hasProject && (
        <div className="medx-header-tools">
          <FunctionMenu />
          {headerTools().map(({ id, component: Tool }) => (
            <Tool key={id} projectId={projectId} />
          ))}
        </div>
      )}
    </>
  );
}
