/** The admin area (spread into `messages`; docs/decisions.md "News"). */
export const adminMessages = {
  adminOnly: { en: 'Only administrators can do this.', 'zh-CN': '只有管理员可以执行此操作。' },
  feedbackNotFound: { en: 'Feedback not found.', 'zh-CN': '未找到该反馈。' },
  feedbackHandled: { en: 'Marked as handled.', 'zh-CN': '已标记为已处理。' },
  feedbackReopened: { en: 'Marked as open again.', 'zh-CN': '已重新标记为待处理。' },
  userNotFound: { en: 'User not found.', 'zh-CN': '未找到该用户。' },
  accountDisabled: {
    en: 'This account is disabled. Contact the administrator.',
    'zh-CN': '此账户已被停用，请联系管理员。',
  },
  cannotDisableSelf: {
    en: 'You cannot disable your own account or take your own Admin Panel permission.',
    'zh-CN': '不能停用自己的账户，也不能取消自己的管理后台权限。',
  },
  adminByConfig: {
    en: 'This user is an administrator by the server setting ADMIN_EMAILS; change it there.',
    'zh-CN': '该用户由服务器设置 ADMIN_EMAILS 指定为管理员，请在该设置中修改。',
  },
} as const;
