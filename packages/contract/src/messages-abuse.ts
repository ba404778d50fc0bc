/** Catalogue entries of the server's protections: isolation limits, fair limits (spread into `messages`). */
export const abuseMessages = {
  pocketGridTooLarge: {
    en: '{name} spans {span} Å: pocket detection covers at most {max} million grid points (about 200 Å per side). Remove far-away chains or atoms, or define the pocket from a ligand or residues.',
    'zh-CN':
      '{name} 的跨度为 {span} Å：口袋检测最多覆盖 {max} 百万个格点（每边约 200 Å）。请删除远处的链或原子，或根据配体或残基定义口袋。',
  },
  moleculeTooLargeToBuild: {
    en: 'This molecule has {atoms} heavy atoms; 3D building handles at most {max}.',
    'zh-CN': '该分子有 {atoms} 个重原子；三维构建最多支持 {max} 个。',
  },
  loginBackoff: {
    en: 'Too many wrong passwords for this account from your address. Please try again in {seconds} seconds.',
    'zh-CN': '您的地址对该账号输错密码次数过多，请在 {seconds} 秒后重试。',
  },
  archiveDamaged: {
    en: 'The archive {name} is damaged: {detail}',
    'zh-CN': '压缩包 {name} 已损坏：{detail}',
  },
  dockingRerunOutOfBounds: {
    en: 'This job’s settings are outside what docking accepts now (for example its seed); start a new docking instead.',
    'zh-CN': '该任务的参数超出了当前对接允许的范围（例如随机种子），请重新发起对接。',
  },
  serverBusy: {
    en: 'The server is busy with other chemistry work; please try again in a moment.',
    'zh-CN': '服务器正忙于其他化学计算，请稍后再试。',
  },
  pocketDetectFailed: {
    en: 'Pocket detection could not finish on {name}: {detail}',
    'zh-CN': '无法完成 {name} 的口袋检测：{detail}',
  },
} as const;
