/** Catalogue entries of Galaxy tools (spread into `messages`; docs/decisions.md "Tools"). */
export const toolMessages = {
  toolNotFound: { en: 'Tool not found', 'zh-CN': '未找到工具' },
  toolUnavailable: {
    en: 'This tool cannot run on this server: {reason}',
    'zh-CN': '此工具无法在本服务器上运行：{reason}',
  },
  toolInvalidFormat: {
    en: 'Invalid file format. Supported formats: {formats}',
    'zh-CN': '文件格式无效。支持的格式：{formats}',
  },
  toolInputRequired: { en: '{input}: this field is required.', 'zh-CN': '{input}：此项为必填项。' },
  toolInputSingle: {
    en: '{input} takes one file per job ({count} given).',
    'zh-CN': '{input} 每个任务只接受一个文件（已提供 {count} 个）。',
  },
  toolInputUnknown: { en: 'The tool has no input named {input}.', 'zh-CN': '该工具没有名为 {input} 的输入。' },
  toolNumberInvalid: { en: '{input}: Invalid number', 'zh-CN': '{input}：数字无效' },
  toolNumberBelowMin: { en: '{input}: Must be greater than {min}', 'zh-CN': '{input}：必须大于 {min}' },
  toolNumberAboveMax: { en: '{input}: Must be less than {max}', 'zh-CN': '{input}：必须小于 {max}' },
  toolOptionInvalid: {
    en: '{input}: {value} is not one of its options.',
    'zh-CN': '{input}：{value} 不是可选项之一。',
  },
  toolColorInvalid: {
    en: '{input}: a colour is written #rrggbb.',
    'zh-CN': '{input}：颜色应写作 #rrggbb。',
  },
  toolColumnInvalid: {
    en: '{input}: a column is given by its number (1, 2, 3 ...).',
    'zh-CN': '{input}：列应以其编号表示（1、2、3……）。',
  },
  toolRepeatCount: {
    en: '{input} needs between {min} and {max} groups ({count} given).',
    'zh-CN': '{input} 需要 {min} 到 {max} 组（已提供 {count} 组）。',
  },
  toolValueType: { en: '{input}: the value has the wrong type.', 'zh-CN': '{input}：值的类型不正确。' },
  toolFileNotInProject: {
    en: 'The file {id} is not in this project.',
    'zh-CN': '文件 {id} 不在此项目中。',
  },
  submitToolSuccessful: { en: 'Submit successful.', 'zh-CN': '提交成功。' },
};
