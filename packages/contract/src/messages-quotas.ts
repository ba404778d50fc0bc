/** Catalogue entries of quotas and content checks (spread into `messages`; docs/decisions.md "Quotas"). */
export const quotaMessages = {
  storageQuotaExceeded: {
    en: 'Not enough storage: {used} of your {limit} are used and this needs {needed} more. Delete files you no longer need, or ask for a larger quota.',
    'zh-CN':
      '存储空间不足：您的 {limit} 中已使用 {used}，此操作还需要 {needed}。请删除不再需要的文件，或申请更大的配额。',
  },
  guestStorageQuotaExceeded: {
    en: 'Not enough storage: {used} of the {limit} a guest may store are used and this needs {needed} more. Delete files, or register for a larger quota.',
    'zh-CN':
      '存储空间不足：访客可存储的 {limit} 中已使用 {used}，此操作还需要 {needed}。请删除文件，或注册以获得更大的配额。',
  },
  ownerStorageQuotaExceeded: {
    en: "Not enough storage in this project: its owner's {limit} has {used} used and this needs {needed} more.",
    'zh-CN': '此项目的存储空间不足：项目所有者的 {limit} 中已使用 {used}，此操作还需要 {needed}。',
  },
  jobStorageFull: {
    en: "This project's storage is full ({used} of {limit} used): delete files before running a job.",
    'zh-CN': '此项目的存储空间已满（已使用 {used}，共 {limit}）：请先删除文件再运行任务。',
  },
  projectLimitReached: {
    en: 'You have reached the limit of {limit} projects ({count} created, the recycle bin included).',
    'zh-CN': '您已达到 {limit} 个项目的上限（已创建 {count} 个，包括回收站中的项目）。',
  },
  guestProjectLimitReached: {
    en: 'Guests can create at most {limit} projects ({count} created, the recycle bin included). Register to create more.',
    'zh-CN': '访客最多可创建 {limit} 个项目（已创建 {count} 个，包括回收站中的项目）。注册后可创建更多项目。',
  },
  jobLimitReached: {
    en: 'You already have {count} jobs queued or running; the limit is {limit} at a time. Wait for one to finish, or cancel one.',
    'zh-CN': '您已有 {count} 个任务在排队或运行中，同时最多 {limit} 个。请等待任务完成，或取消一个任务。',
  },
  guestJobLimitReached: {
    en: 'You already have {count} jobs queued or running; a guest may run {limit} at a time. Wait for it to finish, or register to run more.',
    'zh-CN': '您已有 {count} 个任务在排队或运行中，访客同时最多运行 {limit} 个。请等待任务完成，或注册以运行更多任务。',
  },
  splitTooMany: {
    en: 'Splitting this file would create {count} files; at most {limit} can be created at once. Split a smaller file.',
    'zh-CN': '拆分此文件将生成 {count} 个文件；一次最多可生成 {limit} 个。请拆分较小的文件。',
  },
  contentMismatch: {
    en: '{name} is not a valid {expected} file: {detail}.',
    'zh-CN': '{name} 不是有效的 {expected} 文件：{detail}。',
  },
  uploadIncomplete: {
    en: 'The upload of {name} is not finished ({received} of {size} bytes received). Resume it, then try again.',
    'zh-CN': '{name} 尚未上传完成（已接收 {received} / {size} 字节）。请继续上传后重试。',
  },
  quotaAdminOnly: { en: 'Only administrators can change quotas.', 'zh-CN': '只有管理员可以修改配额。' },
  quotaUserNotFound: { en: 'User {id} not found.', 'zh-CN': '未找到用户 {id}。' },
} as const;
