/**
 * The message catalogue: every text a user can see that the server or the shared
 * contract produces. English texts reproduce the specification exactly where it
 * gives one; keys are stable identifiers used by both server (`msg`) and web.
 *
 * Modules that grow their own texts keep them in messages-<module>.ts, spread in here,
 * so parallel work on separate modules never edits the same lines.
 */
import { abuseMessages } from './messages-abuse';
import { adminMessages } from './messages-admin';
import { billingMessages } from './messages-billing';
import { densityMessages } from './messages-density';
import { dockingMessages } from './messages-docking';
import { newsMessages } from './messages-news';
import { preparationMessages } from './messages-preparation';
import { quotaMessages } from './messages-quotas';
import { screeningMessages } from './messages-screening';
import { toolBuilderMessages } from './messages-tool-builder';
import { toolMessages } from './messages-tools';
import { transmolMessages } from './messages-transmol';
import { validationMessages } from './messages-validation';
import { viewerMessages } from './messages-viewer';
import { workflowMessages } from './messages-workflows';
import { volumeStreamingMessages } from './volume-streaming';

export const messages = {
  // success
  ok: { en: 'Success', 'zh-CN': '成功' },
  loginSuccessful: { en: 'Login Successful!', 'zh-CN': '登录成功！' },
  signUpSuccessful: { en: 'Sign up successful!', 'zh-CN': '注册成功！' },
  resetPasswordSuccessful: { en: 'Reset password successful!', 'zh-CN': '重置密码成功！' },
  codeSent: { en: 'Verification code sent.', 'zh-CN': '验证码已发送。' },
  createProjectSuccessful: { en: 'Create project successful!', 'zh-CN': '创建项目成功！' },
  renameProjectSuccessful: { en: 'Rename project successful!', 'zh-CN': '重命名项目成功！' },
  applySuccessful: { en: 'Apply successful', 'zh-CN': '应用成功' },
  deleteSuccessful: { en: 'Delete successful.', 'zh-CN': '删除成功。' },
  updateSuccessful: { en: 'Update successful.', 'zh-CN': '更新成功。' },
  saveSuccessful: { en: 'Save successful.', 'zh-CN': '保存成功。' },
  joinSuccessful: { en: 'Joined the project.', 'zh-CN': '已加入项目。' },
  signOutSuccessful: { en: 'Signed out.', 'zh-CN': '已退出登录。' },
  sendFeedbackSuccessful: { en: 'Send feedback successful', 'zh-CN': '反馈发送成功' },
  restoreSuccessful: { en: 'Project restored.', 'zh-CN': '项目已恢复。' },

  // session and permission (spec §8)
  sessionExpired: {
    en: 'Your login session has expired, Please relogin and try again.',
    'zh-CN': '您的登录已过期，请重新登录后再试。',
  },
  userInfoMissing: {
    en: 'User information is missing. Please log in again.',
    'zh-CN': '用户信息缺失，请重新登录。',
  },
  noToolsPermission: {
    en: 'You do not have permission to access Tools. Please register here to get access.',
    'zh-CN': '您没有访问工具的权限，请在此注册以获取访问权限。',
  },
  noLicense: {
    en: 'You do not have license to be authorized to use this function',
    'zh-CN': '您没有使用此功能的授权许可',
  },
  permissionCheckError: { en: 'Error checking permissions.', 'zh-CN': '检查权限时出错。' },
  forbidden: { en: 'You do not have permission to do this.', 'zh-CN': '您没有执行此操作的权限。' },
  readOnlyProject: {
    en: 'This project is shared with you read-only.',
    'zh-CN': '此项目以只读方式共享给您。',
  },
  creatorOnly: {
    en: 'Only the creator of the project can do this.',
    'zh-CN': '只有项目创建者可以执行此操作。',
  },
  adminPanelForbidden: {
    en: 'The Admin Panel is only open to administrators of this deployment.',
    'zh-CN': '管理后台仅对本部署的管理员开放。',
  },
  guestNotAllowed: {
    en: 'Guests cannot do this. Please register first.',
    'zh-CN': '访客无法执行此操作，请先注册。',
  },

  // validation (spec §5)
  fieldRequired: { en: 'This field is required', 'zh-CN': '此项为必填项' },
  invalidValue: { en: 'Invalid value', 'zh-CN': '无效的值' },
  passwordLength: {
    en: 'Password must be between 6 and 18 characters long',
    'zh-CN': '密码长度必须在 6 到 18 个字符之间',
  },
  passwordRequired: { en: 'Please enter a password', 'zh-CN': '请输入密码' },
  passwordsDoNotMatch: { en: 'Passwords do not match', 'zh-CN': '两次输入的密码不一致' },
  codeRequired: { en: 'Please input your verification code', 'zh-CN': '请输入验证码' },
  codeFormat: {
    en: 'The verification code has 6 digits.',
    'zh-CN': '验证码为 6 位数字。',
  },
  emailRequired: { en: 'Please input your Email.', 'zh-CN': '请输入您的邮箱。' },
  emailInvalid: { en: 'Please enter a valid email address.', 'zh-CN': '请输入有效的邮箱地址。' },
  phoneRequired: { en: 'Please input your phone number.', 'zh-CN': '请输入您的手机号码。' },
  phoneInvalid: { en: 'Please enter a valid phone number.', 'zh-CN': '请输入有效的手机号码。' },
  // The spec rejects an incomplete phone value "with a blank message".
  phoneIncomplete: { en: ' ', 'zh-CN': ' ' },
  identityRequired: { en: 'Please select your identity.', 'zh-CN': '请选择您的身份。' },
  accountRequired: {
    en: 'Please input your email or phone number.',
    'zh-CN': '请输入邮箱或手机号码。',
  },
  agreementRequired: {
    en: 'Please agree to the privacy policy and user agreement.',
    'zh-CN': '请同意隐私政策和用户协议。',
  },
  projectNameRequired: { en: 'Please input your project name', 'zh-CN': '请输入项目名称' },
  projectNameTooLong: {
    en: 'Project name must be at most 12 characters.',
    'zh-CN': '项目名称最多 12 个字符。',
  },
  shareCodeLength: {
    en: 'Please enter an access code of length 4.',
    'zh-CN': '请输入长度为 4 的访问码。',
  },
  shareCodeChars: { en: 'Please enter characters or numbers.', 'zh-CN': '请输入字母或数字。' },
  shareTypeRequired: { en: 'Please select an access type.', 'zh-CN': '请选择访问类型。' },
  shareUrlRequired: { en: 'Please generate a share link first.', 'zh-CN': '请先生成分享链接。' },
  textTooLong: { en: 'Text is too long.', 'zh-CN': '文本过长。' },
  feedbackRequired: { en: 'Please input your feedback.', 'zh-CN': '请输入您的反馈。' },
  feedbackTooLong: { en: 'Feedback can be at most 1000 characters.', 'zh-CN': '反馈最多 1000 个字符。' },
  usernameTooLong: {
    en: 'Username must be at most 32 characters.',
    'zh-CN': '用户名最多 32 个字符。',
  },

  // accounts
  invalidCredentials: { en: 'Incorrect account or password.', 'zh-CN': '账号或密码错误。' },
  accountExists: { en: 'This account is already registered.', 'zh-CN': '该账号已注册。' },
  accountNotFound: { en: 'No account matches this email or phone.', 'zh-CN': '未找到该邮箱或手机号对应的账号。' },
  codeWrongOrExpired: {
    en: 'The verification code is wrong or has expired.',
    'zh-CN': '验证码错误或已过期。',
  },
  codeTooFrequent: {
    en: 'Please wait {seconds} seconds before requesting another code.',
    'zh-CN': '请等待 {seconds} 秒后再获取验证码。',
  },
  codeDailyLimit: {
    en: 'Too many codes requested today. Please try again tomorrow.',
    'zh-CN': '今日获取验证码次数过多，请明天再试。',
  },
  oldPasswordWrong: { en: 'The current password is wrong.', 'zh-CN': '当前密码错误。' },
  tooManyAttempts: {
    en: 'Too many attempts. Please try again in {minutes} minutes.',
    'zh-CN': '尝试次数过多，请在 {minutes} 分钟后重试。',
  },

  // projects and sharing
  projectNotFound: { en: 'Project not found.', 'zh-CN': '未找到项目。' },
  projectNotShared: { en: 'This project is not shared.', 'zh-CN': '此项目未共享。' },
  wrongShareCode: { en: 'Wrong access code.', 'zh-CN': '访问码错误。' },
  alreadyMember: { en: 'You already have access to this project.', 'zh-CN': '您已拥有此项目的访问权限。' },
  shareNotFound: { en: 'Share link not found.', 'zh-CN': '未找到分享链接。' },

  // files (spec §5, §8)
  fileNameRequired: { en: 'Filename cannot be none!', 'zh-CN': '文件名不能为空！' },
  fileNameTooLong: { en: 'Filename can be at most 70 characters.', 'zh-CN': '文件名最多 70 个字符。' },
  notSupportExt: { en: 'Not Support {fileExtension} file.', 'zh-CN': '不支持 {fileExtension} 文件。' },
  selectTwoFiles: { en: 'Please select at least two files.', 'zh-CN': '请至少选择两个文件。' },
  splitOnlyStructures: { en: 'Only accept pdb, sdf, mol2, smi file.', 'zh-CN': '仅支持 pdb、sdf、mol2、smi 文件。' },
  splitOnlyPdb: { en: 'Only accept pdb file.', 'zh-CN': '仅支持 pdb 文件。' },
  pdbIdRequired: { en: 'Please input PDB ID', 'zh-CN': '请输入 PDB ID' },
  pdbIdInvalid: {
    en: 'A PDB ID has 4 characters, starting with a digit.',
    'zh-CN': 'PDB ID 为 4 个字符，以数字开头。',
  },
  pdbNotFound: { en: 'PDB entry {pdbId} was not found in the archive.', 'zh-CN': '结构库中未找到 PDB 条目 {pdbId}。' },
  pdbDownloadFailed: { en: 'Failed to download PDB file, please try again', 'zh-CN': '下载 PDB 文件失败，请重试' },
  fileNotFound: { en: 'File not found.', 'zh-CN': '未找到文件。' },
  groupNotFound: { en: 'Group not found.', 'zh-CN': '未找到分组。' },
  notEditable: { en: 'This file type cannot be edited as text.', 'zh-CN': '此文件类型不能作为文本编辑。' },
  loadContentFailed: { en: 'Failed to load file content.', 'zh-CN': '加载文件内容失败。' },
  updateContentFailed: { en: 'Failed to update file content.', 'zh-CN': '更新文件内容失败。' },
  uploadNotFound: { en: 'The upload was not found or is not complete.', 'zh-CN': '上传未找到或尚未完成。' },
  fileEmpty: { en: 'The file {name} is empty.', 'zh-CN': '文件 {name} 为空。' },
  fileTooLarge: { en: 'The file is larger than the limit of {limit}.', 'zh-CN': '文件超过了 {limit} 的大小限制。' },
  invalidStructure: {
    en: 'The file {name} is not a valid {format} file: {detail}',
    'zh-CN': '文件 {name} 不是有效的 {format} 文件：{detail}',
  },
  archiveUnsafe: { en: 'The archive {name} is unsafe: {detail}', 'zh-CN': '压缩包 {name} 不安全：{detail}' },
  archiveEmpty: { en: 'The archive {name} holds no supported file.', 'zh-CN': '压缩包 {name} 中没有支持的文件。' },
  convertFailed: { en: 'Failed to convert molecule', 'zh-CN': '分子转换失败' },
  splitNothing: { en: 'Nothing to split: the file holds a single part.', 'zh-CN': '无可拆分内容：文件只有一个部分。' },
  splitSuccessful: { en: 'Split successful.', 'zh-CN': '拆分成功。' },
  mergeSuccessful: { en: 'Merge successful.', 'zh-CN': '合并成功。' },
  deleteGroupSuccessful: { en: 'Delete group successful.', 'zh-CN': '删除分组成功。' },
  ungroupSuccessful: { en: 'UnGroup successful.', 'zh-CN': '取消分组成功。' },
  convertPdbSuccessful: { en: 'Successfully converted PDB file.', 'zh-CN': 'PDB 文件转换成功。' },
  uploadSuccessful: { en: 'Upload successful.', 'zh-CN': '上传成功。' },
  sampleNotFound: { en: 'Sample not found.', 'zh-CN': '未找到示例。' },

  // jobs (spec §8)
  jobNotFound: { en: 'Job not found.', 'zh-CN': '未找到任务。' },
  jobNotRunning: { en: 'Only a running job can be cancelled.', 'zh-CN': '只有运行中的任务可以取消。' },
  cancelSuccessful: { en: 'Cancel successful.', 'zh-CN': '取消成功。' },
  submitSuccess: { en: 'Submit success!', 'zh-CN': '提交成功！' },
  noLogContent: { en: 'No log content available for this job.', 'zh-CN': '此任务没有可用的日志内容。' },

  // generic
  notFound: { en: 'Not found.', 'zh-CN': '未找到。' },
  rateLimited: { en: 'Too many requests. Please slow down.', 'zh-CN': '请求过于频繁，请稍后再试。' },
  payloadTooLarge: { en: 'The request is too large.', 'zh-CN': '请求内容过大。' },
  internalError: { en: 'Internal server error.', 'zh-CN': '服务器内部错误。' },

  ...abuseMessages,
  ...dockingMessages,
  ...transmolMessages,
  ...preparationMessages,
  ...validationMessages,
  ...quotaMessages,
  ...toolMessages,
  ...workflowMessages,
  ...viewerMessages,
  ...densityMessages,
  ...volumeStreamingMessages,
  ...newsMessages,
  ...adminMessages,
  ...billingMessages,
  ...screeningMessages,
  ...toolBuilderMessages,
} as const satisfies Record<string, { en: string; 'zh-CN': string }>;

export type MessageKey = keyof typeof messages;
export type Lang = 'en' | 'zh-CN';
export const LANGS: readonly Lang[] = ['en', 'zh-CN'];

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && Object.hasOwn(messages, value);
}

/** Renders a catalogue message; `{name}` placeholders are filled from params. */
export function translate(key: MessageKey, lang: Lang, params: Record<string, string | number> = {}): string {
  const text: string = messages[key][lang];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** Spec §1: a value starting with zh means Chinese (zh-CN); everything else English. */
export function normalizeLang(value: string | null | undefined): Lang {
  return value?.trim().toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}
