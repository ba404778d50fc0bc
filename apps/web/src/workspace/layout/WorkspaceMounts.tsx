import { workspaceMounts } from '../registry/registry';

/** The features' mounted components (dialogs the address opens, event listeners), once each. */
export function WorkspaceMounts() {
  return (
    <>
      {workspaceMounts().map(({ id, component: Mount }) => (
        <Mount key={id} />
      ))}
    </>
  );
}
