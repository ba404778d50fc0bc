/** Catalogue entries of screening (issue 14; spread into `messages`). */
export const screeningMessages = {
  screeningLibraryRequired: {
    en: 'Please select a ligand library (one file or more).',
    'zh-CN': '请选择配体库（一个或多个文件）。',
  },
  screeningFileTwice: {
    en: 'A library file is selected twice.',
    'zh-CN': '有库文件被重复选择。',
  },
  screeningLibraryType: {
    en: 'A library must be SDF, MOL2, SMILES or CSV files ({name} is not).',
    'zh-CN': '配体库必须是 SDF、MOL2、SMILES 或 CSV 文件（{name} 不是）。',
  },
  screeningColumnMissing: {
    en: 'The CSV file {name} has no column "{column}".',
    'zh-CN': 'CSV 文件 {name} 中没有列“{column}”。',
  },
  screeningNoSmilesColumn: {
    en: 'The CSV file {name} has no SMILES column: name one with smiles_column.',
    'zh-CN': 'CSV 文件 {name} 中没有 SMILES 列：请用 smiles_column 指定。',
  },
  screeningActivityNeedsCsv: {
    en: 'An activity column needs CSV library files.',
    'zh-CN': '活性列仅适用于 CSV 库文件。',
  },
  screeningResidueFormat: {
    en: 'A residue is written like ASP86 or A:ASP86.',
    'zh-CN': '残基的写法如 ASP86 或 A:ASP86。',
  },
  screeningNotScreeningJob: { en: 'This job is not a screening job.', 'zh-CN': '该任务不是虚拟筛选任务。' },
  screeningLigandNotFound: { en: 'No ligand {index} in this screen.', 'zh-CN': '此筛选中没有配体 {index}。' },
  screeningLibraryEmpty: { en: 'The library has no molecules.', 'zh-CN': '配体库中没有分子。' },
  screeningLibraryTooLarge: {
    en: 'The library has more than {max} molecules.',
    'zh-CN': '配体库的分子数超过 {max}。',
  },
} as const;
