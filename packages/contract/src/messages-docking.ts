/** Catalogue entries of the docking module (spread into `messages`). */
export const dockingMessages = {
  dockingProteinRequired: { en: 'Please select a protein.', 'zh-CN': '请选择一个蛋白。' },
  dockingLigandRequired: { en: 'Please select at least one ligand.', 'zh-CN': '请至少选择一个配体。' },
  dockingPocketRequired: { en: 'Please define a docking pocket.', 'zh-CN': '请定义对接口袋。' },
  dockingBoxTooLarge: { en: 'The docking box is too large.', 'zh-CN': '对接盒子过大。' },
  dockingScoringUnsupported: { en: 'Only the Vina scoring function is supported.', 'zh-CN': '仅支持 Vina 打分函数。' },
  dockingRetainCountMin: { en: 'Retain count must be at least 1.', 'zh-CN': '保留数量至少为 1。' },
  submitFailed: { en: 'Submit failed.', 'zh-CN': '提交失败。' },
} as const satisfies Record<string, { en: string; 'zh-CN': string }>;
