/** Med View's electron density (spread into `messages`; docs/decisions.md "Electron density (issue 12)"). */
export const densityMessages = {
  densitySelectResidue: { en: 'Please select a residue', 'zh-CN': '请选择残基' },
  densitySelectMap: { en: 'Please select a CCP4 file', 'zh-CN': '请选择 CCP4 文件' },
  densityNotMap: {
    en: 'The file {name} is not a CCP4/MRC map: {detail}',
    'zh-CN': '文件 {name} 不是 CCP4/MRC 密度图：{detail}',
  },
  densityNotStructure: {
    en: 'The file {name} is not a structure with atoms (PDB, PDBQT or mmCIF expected).',
    'zh-CN': '文件 {name} 不是含原子的结构文件（需要 PDB、PDBQT 或 mmCIF）。',
  },
  densityUnknownResidues: {
    en: 'These residues are not in {name}: {residues}',
    'zh-CN': '{name} 中没有这些残基：{residues}',
  },
  densityNoOverlap: {
    en: 'The map {name} does not cover the selected residues.',
    'zh-CN': '密度图 {name} 未覆盖所选残基。',
  },
  densityGridTooLarge: {
    en: 'The map grid is too large: {points} million points (at most {max} million).',
    'zh-CN': '密度图网格过大：{points} 百万个点（最多 {max} 百万）。',
  },
  densityFailed: {
    en: 'The density mesh could not be computed: {detail}',
    'zh-CN': '无法计算电子密度网格：{detail}',
  },
} as const;
