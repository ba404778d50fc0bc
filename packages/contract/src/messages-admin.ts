/** The admin area (spread into `messages`; docs/decisions.md "News"). */
export const adminMessages = {
  adminOnly: { en: 'Only administrators can do this.', 'zh-CN': '只有管理员可以执行此操作。' },
  feedbackNotFound: { en: 'Feedback not found.', 'zh-CN': '未找到该反馈。' },
  feedbackHandled: { en: 'Marked as handled.', 'zh-CN': '已标记为已处理。' },
  feedbackReopened: { en: 'Marked as open again.', 'zh-CN': '已重新标记为待处理。' },
} as const;
