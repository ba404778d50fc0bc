/** Catalogue entries of the preparation and pocket modules (spread into `messages`). */
export const preparationMessages = {
  prepareSuccessful: { en: 'Prepare successful.', 'zh-CN': '准备成功。' },
  prepPhRange: { en: 'The pH must be between 0 and 14.', 'zh-CN': 'pH 必须在 0 到 14 之间。' },
  prepBadResidueName: {
    en: 'A residue name has 1 to 3 letters or digits.',
    'zh-CN': '残基名称由 1 到 3 个字母或数字组成。',
  },
  prepProteinType: {
    en: 'Protein preparation reads PDB, CIF or PDBQT files ({name} is not one).',
    'zh-CN': '蛋白准备只支持 PDB、CIF 或 PDBQT 文件（{name} 不是）。',
  },
  prepNotProtein: {
    en: 'The file {name} holds no protein residues.',
    'zh-CN': '文件 {name} 中没有蛋白残基。',
  },
  prepProteinUnreadable: {
    en: 'The protein file {name} cannot be read: {detail}',
    'zh-CN': '无法读取蛋白文件 {name}：{detail}',
  },
  prepLigandType: {
    en: 'Ligand preparation reads SDF, MOL2, SMILES, PDB or PDBQT files ({name} is not one).',
    'zh-CN': '配体准备只支持 SDF、MOL2、SMILES、PDB 或 PDBQT 文件（{name} 不是）。',
  },
  prepLigandEmpty: { en: 'The file {name} holds no molecule.', 'zh-CN': '文件 {name} 中没有分子。' },
  prepLigandTooLarge: {
    en: 'The file {name} holds no ligand-sized molecule (largest: {atoms} heavy atoms, at most {max}). Is it a protein? Use Quick Prepare protein for proteins.',
    'zh-CN':
      '文件 {name} 中没有配体大小的分子（最大 {atoms} 个重原子，上限 {max}）。它是蛋白吗？蛋白请使用“快速准备蛋白”。',
  },
  prepFileNotInProject: {
    en: 'File {id} is not a file of this project.',
    'zh-CN': '文件 {id} 不属于此项目。',
  },
  pocketResiduesRequired: {
    en: 'Please enter residue numbers separated by spaces.',
    'zh-CN': '请输入以空格分隔的残基编号。',
  },
  pocketBadResidueTokens: {
    en: 'These are not residue numbers: {tokens}. Enter numbers separated by spaces, e.g. 45 67 A:121.',
    'zh-CN': '以下不是残基编号：{tokens}。请输入以空格分隔的编号，例如 45 67 A:121。',
  },
  pocketUnknownResidues: {
    en: 'The protein {name} has no residue {residues}.',
    'zh-CN': '蛋白 {name} 中没有残基 {residues}。',
  },
  pocketLigandType: {
    en: 'A pocket is computed around an SDF, MOL2, PDB or PDBQT ligand ({name} is not one).',
    'zh-CN': '只能围绕 SDF、MOL2、PDB 或 PDBQT 配体计算口袋（{name} 不是）。',
  },
  pocketLigandNoAtoms: {
    en: 'The ligand file {name} has no heavy atoms with coordinates.',
    'zh-CN': '配体文件 {name} 中没有带坐标的重原子。',
  },
  pocketProteinType: {
    en: 'Pockets are found in PDB, CIF or PDBQT proteins ({name} is not one).',
    'zh-CN': '只能在 PDB、CIF 或 PDBQT 蛋白中寻找口袋（{name} 不是）。',
  },
} as const satisfies Record<string, { en: string; 'zh-CN': string }>;
