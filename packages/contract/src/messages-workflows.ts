/** Workflows (spread into `messages`; docs/decisions.md "Workflows"). */
export const workflowMessages = {
  workflowNotFound: { en: 'Workflow not found.', 'zh-CN': '未找到工作流。' },
  workflowParseFailed: { en: 'Failed to parse file: {message}', 'zh-CN': '文件解析失败：{message}' },
  workflowNotRunnable: {
    en: 'This workflow cannot run on this server: {reason}',
    'zh-CN': '此工作流无法在本服务器上运行：{reason}',
  },
  workflowInputMissing: { en: '{input}: this input is required.', 'zh-CN': '{input}：此输入为必填项。' },
  workflowInputFormat: {
    en: '{input}: the file {name} is not in an accepted format ({formats}).',
    'zh-CN': '{input}：文件 {name} 的格式不被接受（{formats}）。',
  },
  workflowInputType: { en: '{input}: the value has the wrong type.', 'zh-CN': '{input}：值的类型不正确。' },
  workflowInputSingle: {
    en: '{input} takes one file ({count} given).',
    'zh-CN': '{input} 只接受一个文件（已提供 {count} 个）。',
  },
  workflowStepUnknown: { en: 'The workflow has no input step {step}.', 'zh-CN': '工作流没有输入步骤 {step}。' },
  workflowParamUnknown: {
    en: '{step}: {input} is not a parameter that can be set.',
    'zh-CN': '{step}：{input} 不是可设置的参数。',
  },
  workflowNotRunning: { en: 'This workflow job is not running.', 'zh-CN': '此工作流任务未在运行。' },
  workflowImportLimit: {
    en: 'You can import at most {max} workflows.',
    'zh-CN': '最多可导入 {max} 个工作流。',
  },
  workflowBuiltIn: {
    en: 'Built-in workflows cannot be deleted.',
    'zh-CN': '内置工作流不能删除。',
  },
};
