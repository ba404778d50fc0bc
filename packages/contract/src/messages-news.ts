/** News: admins' notices and the user's event notifications (spread into `messages`; docs/decisions.md "News"). */
export const newsMessages = {
  messageTitleRequired: { en: 'Please enter a title.', 'zh-CN': '请输入标题。' },
  messageContentRequired: { en: 'Please enter the content.', 'zh-CN': '请输入内容。' },
  messageNotFound: { en: 'Message not found.', 'zh-CN': '未找到消息。' },
  messageAdminOnly: {
    en: 'Only administrators can write, publish or withdraw messages.',
    'zh-CN': '只有管理员可以撰写、发布或撤回消息。',
  },
  messageNotDraft: {
    en: 'Only a draft can be edited; withdraw this message and write a new one.',
    'zh-CN': '只能编辑草稿；请撤回此消息后重新撰写。',
  },
  messageAlreadyPublished: { en: 'This message is already published.', 'zh-CN': '此消息已发布。' },
  messageNotPublished: { en: 'Only a published message can be withdrawn.', 'zh-CN': '只能撤回已发布的消息。' },
  messageSaved: { en: 'Message saved as a draft.', 'zh-CN': '消息已保存为草稿。' },
  messagePublished: { en: 'Message published.', 'zh-CN': '消息已发布。' },
  messageWithdrawn: { en: 'Message withdrawn.', 'zh-CN': '消息已撤回。' },
  messagesAcked: { en: 'All marked as read.', 'zh-CN': '已全部标记为已读。' },

  // Event notifications, rendered in the reader's language when read.
  eventJobFinishedTitle: { en: 'Job finished: {name}', 'zh-CN': '任务已完成：{name}' },
  eventJobFinished: {
    en: 'Your job "{name}" in project {project} finished after {duration}.',
    'zh-CN': '您在项目 {project} 中的任务“{name}”已完成，用时 {duration}。',
  },
  eventJobFailedTitle: { en: 'Job failed: {name}', 'zh-CN': '任务失败：{name}' },
  eventJobFailed: {
    en: 'Your job "{name}" in project {project} failed after {duration}. Its log says why; files written before the error can still be viewed.',
    'zh-CN':
      '您在项目 {project} 中的任务“{name}”运行 {duration} 后失败。请查看任务日志了解原因；出错前生成的文件仍可查看。',
  },
  eventShareJoinedTitle: { en: '{user} joined {project}', 'zh-CN': '{user} 加入了 {project}' },
  eventShareJoined: {
    en: '{user} joined your project {project} through its share link, with {access} access.',
    'zh-CN': '{user} 通过分享链接加入了您的项目 {project}，权限为{access}。',
  },
  accessReadOnly: { en: 'read-only', 'zh-CN': '只读' },
  accessReadWrite: { en: 'read and write', 'zh-CN': '读写' },
  guestName: { en: 'A guest', 'zh-CN': '一位访客' },

  // E-mail when a long job ends.
  jobMailSubject: { en: 'MedX Workbench: {title}', 'zh-CN': 'MedX Workbench：{title}' },
  jobMailFooter: {
    en: 'You get this e-mail because the job ran longer than {minutes} minutes. Open MedX Workbench to see its results.',
    'zh-CN': '由于该任务运行超过 {minutes} 分钟，您收到此邮件。请打开 MedX Workbench 查看结果。',
  },
} as const;
