/** Catalogue entries of TransMol (spread into `messages`). */
export const transmolMessages = {
  transmolSmiles1Required: { en: 'Please input the first SMILES.', 'zh-CN': '请输入第一个 SMILES。' },
  transmolSmiles2Required: { en: 'Please input the second SMILES.', 'zh-CN': '请输入第二个 SMILES。' },
  transmolSmilesInvalid: { en: 'Invalid SMILES.', 'zh-CN': '无效的 SMILES。' },
  transmolSeedInvalid: {
    en: 'SMILES {which} is not a valid molecule: {detail}',
    'zh-CN': 'SMILES {which} 不是有效的分子：{detail}',
  },
  transmolSeedTooLarge: {
    en: 'SMILES {which} has {count} heavy atoms; at most {max} are allowed.',
    'zh-CN': 'SMILES {which} 含有 {count} 个重原子，最多允许 {max} 个。',
  },
  transmolSeedSingleMolecule: {
    en: 'SMILES {which} must be a single molecule (no "." separated parts).',
    'zh-CN': 'SMILES {which} 必须是单个分子（不能含有以 "." 分隔的部分）。',
  },
  transmolSameSeeds: {
    en: 'The two SMILES are the same molecule. Please input two different molecules.',
    'zh-CN': '两个 SMILES 是同一个分子，请输入两个不同的分子。',
  },
  transmolRemainRange: {
    en: 'The remain range must start below its end and end at most at number × 10.',
    'zh-CN': '保留范围的起点必须小于终点，且终点不超过数量 × 10。',
  },
  transmolNothingFound: {
    en: 'No new valid molecules were found between the two seeds.',
    'zh-CN': '在两个种子分子之间没有找到新的有效分子。',
  },
  transmolNotTransmolJob: { en: 'This job is not a TransMol job.', 'zh-CN': '该任务不是 TransMol 任务。' },
  transmolJobNotFinished: {
    en: 'This TransMol job has no results yet.',
    'zh-CN': '该 TransMol 任务还没有结果。',
  },
  transmolPickMolecules: { en: 'Please select at least one molecule.', 'zh-CN': '请至少选择一个分子。' },
  transmolTooManyMolecules: {
    en: 'At most 20 molecules can be sent to docking at once.',
    'zh-CN': '一次最多可以将 20 个分子送去对接。',
  },
  transmolUnknownRank: {
    en: "Molecule {rank} is not in this job's results.",
    'zh-CN': '分子 {rank} 不在该任务的结果中。',
  },
  transmolLigandsFailed: {
    en: 'No 3D structure could be built for the selected molecules: {detail}',
    'zh-CN': '无法为所选分子生成三维结构：{detail}',
  },
} as const;
