/** Med View's remote states and project session (spread into `messages`; docs/decisions.md "Viewer states and sessions"). */
export const viewerMessages = {
  viewerStateKeyInvalid: {
    en: 'This remote state address is not valid (any more). Open the project again to get a new one.',
    'zh-CN': '此远程状态地址无效或已失效。请重新打开项目以获取新地址。',
  },
  viewerStateNotFound: { en: 'Remote state not found.', 'zh-CN': '未找到远程状态。' },
  viewerStateNameTooLong: {
    en: 'The state name can be at most {max} characters.',
    'zh-CN': '状态名称最多 {max} 个字符。',
  },
  viewerStateDescriptionTooLong: {
    en: 'The state description can be at most {max} characters.',
    'zh-CN': '状态描述最多 {max} 个字符。',
  },
  viewerStateInvalid: {
    en: 'This is not a Mol* state snapshot: a JSON object with timestamp and entries is expected.',
    'zh-CN': '这不是 Mol* 状态快照：需要包含 timestamp 和 entries 的 JSON 对象。',
  },
  viewerStateTooLarge: {
    en: 'The state is too large: at most {max} can be uploaded.',
    'zh-CN': '状态过大：最多可上传 {max}。',
  },
  viewerStatesFull: {
    en: 'This project already holds {max} remote states. Remove some before uploading another.',
    'zh-CN': '此项目已有 {max} 个远程状态。请先删除一些再上传。',
  },
  viewerSessionNotFound: {
    en: 'This project has no saved viewer session yet.',
    'zh-CN': '此项目还没有保存的查看器会话。',
  },
  viewerSessionStale: {
    en: 'Another tab or window saved a newer viewer session for this project. Load it before saving again.',
    'zh-CN': '另一个标签页或窗口已为此项目保存了更新的查看器会话。请先加载它再保存。',
  },
  viewerSessionPreconditionRequired: {
    en: "Saving the viewer session needs If-Match with the etag you loaded, or If-None-Match: * for the project's first session.",
    'zh-CN': '保存查看器会话需要 If-Match（您加载的 etag），或在项目第一次保存时使用 If-None-Match: *。',
  },
  viewerSessionTooLarge: {
    en: 'The viewer session is too large: at most {max} can be saved.',
    'zh-CN': '查看器会话过大：最多可保存 {max}。',
  },
  viewerSessionNotZip: {
    en: 'The viewer session must be a .molx file (a zip archive).',
    'zh-CN': '查看器会话必须是 .molx 文件（zip 压缩包）。',
  },
  viewerSessionContentType: {
    en: 'Send the viewer session as the request body with Content-Type: application/octet-stream.',
    'zh-CN': '请以请求内容发送查看器会话，Content-Type 为 application/octet-stream。',
  },
} as const;
