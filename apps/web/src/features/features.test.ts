import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import {
  findWindow,
  functionMenuEntries,
  headerTools,
  isSlotWindowId,
  registerFeatures,
  windowMenuWindows,
  workspaceMounts,
} from '../workspace/registry/registry';
import { WORKSPACE_FEATURES } from './index';

beforeAll(() => registerFeatures(WORKSPACE_FEATURES));

const exists = (key: string, lng: string) => {
  const [ns, ...rest] = key.split(':');
  return i18n.exists(rest.join(':'), { ns, lng, fallbackLng: false });
};

const menu = (query: string, hidden: string[] = []) =>
  windowMenuWindows({ params: new URLSearchParams(query), isShown: (id) => !hidden.includes(id) }).map((w) => w.id);

describe('the registered workspace features', () => {
  it('register every window of the layout, with the slot-window ids stored layouts already use', () => {
    for (const id of ['entryList', 'structureViewer', 'medView', 'sequenceViewer']) {
      expect(findWindow(id)?.place, id).toBe('pane');
    }
    const slotIds = [
      'transMol',
      'transMolResult',
      'docking',
      'tool',
      'workflow',
      'jobResult',
      'dockingResult',
      'screeningResult',
    ];
    for (const id of [...slotIds, 'workspace2d']) expect(isSlotWindowId(id), id).toBe(true);
  });

  it('have every title and menu label in English and Chinese', () => {
    const keys = [
      ...WORKSPACE_FEATURES.flatMap((feature) => (feature.windows ?? []).map((w) => w.title)),
      ...functionMenuEntries().map((entry) => entry.label),
    ];
    expect(keys.length).toBeGreaterThan(12);
    for (const lng of ['en', 'zh-CN']) {
      expect(
        keys.filter((key) => !exists(key, lng)),
        lng,
      ).toEqual([]);
    }
  });

  it('list the Window menu in the spec order, result windows only with their job type', () => {
    const base = ['entryList', 'structureViewer', 'sequenceViewer', 'workspace2d'];
    expect(menu('project=1')).toEqual(base);
    expect(menu('project=1&jobType=DOCKING')).toEqual([...base, 'dockingResult']);
    expect(menu('project=1&jobType=TRANSMOL_WORKFLOW')).toEqual([...base, 'transMolResult']);
    expect(menu('project=1&jobType=SCREENING')).toEqual([...base, 'screeningResult']);
    expect(menu('project=1&jobType=OTHER')).toEqual(base);
    // Med View is listed only while it is hidden.
    expect(menu('project=1&jobType=DOCKING', ['medView'])).toEqual([...base, 'dockingResult', 'medView']);
  });

  it('fill the Function menu, the header tools and the mounts', () => {
    expect(functionMenuEntries().map((entry) => [entry.id, entry.opens])).toEqual([
      ['docking', 'docking'],
      ['docking-result', 'dockingResult'],
      ['screening-result', 'screeningResult'],
      ['transmol', 'transMol'],
      ['transmol-result', 'transMolResult'],
      ['interaction-diagram', 'interactionDiagram'],
    ]);
    expect(headerTools().map((tool) => tool.id)).toEqual(['tools', 'jobs', 'tour']);
    expect(workspaceMounts().map((mount) => mount.id)).toEqual([
      'open-2d-on-toolbar-event',
      'open-docking-wizard-on-event',
      'job-result-dialog',
      'tool-guide',
      'workflow-licence',
      'open-interaction-diagram-on-event',
      'viewer-session-sync',
      'load-trajectory',
    ]);
  });
});
