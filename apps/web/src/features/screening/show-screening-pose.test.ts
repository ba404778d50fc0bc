import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ViewerService } from '../../viewer/viewer-service';
import { showScreeningPose } from './show-screening-pose';

const mocks = vi.hoisted(() => ({
  showPoseText: vi.fn(async () => true),
  openProjectFile: vi.fn(async (_viewer: unknown, fileId: number) => ({
    fileId,
    ref: `root-${fileId}`,
    label: 'receptor.pdb',
    visible: true,
  })),
}));
// Mol* does not run here: the Mol* step and the file download are stand-ins.
vi.mock('./pose-molstar', () => ({ showPoseText: mocks.showPoseText }));
vi.mock('../../viewer/open-file', () => ({ openProjectFile: mocks.openProjectFile }));

const plugin = { id: 'plugin' };

function fakeViewer(loaded: number[] = []) {
  const setVisible = vi.fn(() => true);
  const viewer = {
    snapshot: () => ({
      files: loaded.map((fileId) => ({ fileId, ref: `loaded-${fileId}`, label: '', visible: false })),
      loading: [],
    }),
    setVisible,
    whenReady: async () => plugin,
  } as unknown as ViewerService;
  return { viewer, setVisible };
}

const pose = { name: 'lig_7', rank: 3, pose_sdf: 'lig_7\n  RDKit 3D\n\n$$$$\n', receptor_file_id: 5 };

beforeEach(() => {
  mocks.showPoseText.mockClear();
  mocks.openProjectFile.mockClear();
});

describe('showScreeningPose', () => {
  it('loads the receptor project file, then the pose from its SDF text with their interactions', async () => {
    const { viewer } = fakeViewer();
    expect(await showScreeningPose(viewer, pose)).toBe(true);
    expect(mocks.openProjectFile).toHaveBeenCalledWith(viewer, 5);
    expect(mocks.showPoseText).toHaveBeenCalledWith(plugin, 'root-5', pose.pose_sdf, 'lig_7 #3');
  });

  it('shows a receptor already loaded (hidden) instead of loading it again, falling back on the screen receptor', async () => {
    const { viewer, setVisible } = fakeViewer([8]);
    expect(await showScreeningPose(viewer, { ...pose, receptor_file_id: null }, 8)).toBe(true);
    expect(mocks.openProjectFile).not.toHaveBeenCalled();
    expect(setVisible).toHaveBeenCalledWith(8, true);
    expect(mocks.showPoseText).toHaveBeenCalledWith(plugin, 'loaded-8', pose.pose_sdf, 'lig_7 #3');
  });

  it('shows nothing without a pose or a receptor', async () => {
    const { viewer } = fakeViewer();
    expect(await showScreeningPose(viewer, { ...pose, pose_sdf: null })).toBe(false);
    expect(await showScreeningPose(viewer, { ...pose, receptor_file_id: null })).toBe(false);
    expect(mocks.showPoseText).not.toHaveBeenCalled();
  });
});
