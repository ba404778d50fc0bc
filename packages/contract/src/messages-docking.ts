/** Catalogue entries of the docking module (spread into `messages`). */
export const dockingMessages = {
  dockingProteinRequired: { en: 'Please select a protein.', 'zh-CN': '请选择一个蛋白。' },
  dockingOneProtein: { en: 'Please select a single protein.', 'zh-CN': '请只选择一个蛋白。' },
  dockingLigandRequired: { en: 'Please select at least one ligand.', 'zh-CN': '请至少选择一个配体。' },
  dockingPocketRequired: { en: 'Please define a docking pocket.', 'zh-CN': '请定义对接口袋。' },
  dockingBoxTooLarge: { en: 'The docking box is too large.', 'zh-CN': '对接盒子过大。' },
  dockingScoringUnsupported: { en: 'Only the Vina scoring function is supported.', 'zh-CN': '仅支持 Vina 打分函数。' },
  dockingRetainCountMin: { en: 'Retain count must be at least 1.', 'zh-CN': '保留数量至少为 1。' },
  dockingFileNotInProject: {
    en: 'File {id} is not a file of this project.',
    'zh-CN': '文件 {id} 不属于此项目。',
  },
  dockingProteinType: {
    en: 'The protein must be a PDB or PDBQT file ({name} is not).',
    'zh-CN': '蛋白必须是 PDB 或 PDBQT 文件（{name} 不是）。',
  },
  dockingProteinNoAtoms: {
    en: 'The protein file {name} has no protein atoms.',
    'zh-CN': '蛋白文件 {name} 中没有蛋白原子。',
  },
  dockingProteinUnreadable: {
    en: 'The protein file {name} cannot be read: {detail}',
    'zh-CN': '无法读取蛋白文件 {name}：{detail}',
  },
  dockingLigandType: {
    en: 'Ligands must be SDF, MOL2 or PDBQT files ({name} is not).',
    'zh-CN': '配体必须是 SDF、MOL2 或 PDBQT 文件（{name} 不是）。',
  },
  dockingLigandUnreadable: {
    en: 'The ligand file {name} cannot be read: {detail}',
    'zh-CN': '无法读取配体文件 {name}：{detail}',
  },
  dockingLigandNot3d: {
    en: 'The ligand {name} has no 3D coordinates. Prepare it first (convert it to 3D).',
    'zh-CN': '配体 {name} 没有三维坐标。请先准备配体（转换为 3D）。',
  },
  dockingNotDockingJob: { en: 'This job is not a docking job.', 'zh-CN': '该任务不是对接任务。' },
  dockingInputsChanged: {
    en: 'The input file {name} has changed since the job ran; it cannot be reproduced.',
    'zh-CN': '输入文件 {name} 在任务运行后已被修改，无法复现。',
  },
  submitFailed: { en: 'Submit failed.', 'zh-CN': '提交失败。' },
} as const satisfies Record<string, { en: string; 'zh-CN': string }>;
