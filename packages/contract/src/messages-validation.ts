/**
 * Catalogue entries of request validation (spread into `messages`): what the server
 * answers when a schema refuses a field with only a generic key ('invalidValue',
 * 'fieldRequired', 'textTooLong'). Each names the field, as a path into the request
 * ('pocket.center_x', 'ligand_ids[0]'), and says what is wrong with it. The spec's own
 * texts (e.g. 'Please select a protein.') are answered unchanged where a schema uses them.
 */
export const validationMessages = {
  validationRequired: { en: '{field}: this field is required.', 'zh-CN': '{field}：此项为必填项。' },
  validationNotNumber: { en: '{field}: must be a number.', 'zh-CN': '{field}：必须是数字。' },
  validationNotInteger: { en: '{field}: must be a whole number.', 'zh-CN': '{field}：必须是整数。' },
  validationNotText: { en: '{field}: must be text.', 'zh-CN': '{field}：必须是文本。' },
  validationNotBoolean: { en: '{field}: must be true or false.', 'zh-CN': '{field}：必须是 true 或 false。' },
  validationNotList: { en: '{field}: must be a list.', 'zh-CN': '{field}：必须是列表。' },
  validationNotObject: { en: '{field}: must be an object.', 'zh-CN': '{field}：必须是对象。' },
  validationWrongType: { en: '{field}: has the wrong type.', 'zh-CN': '{field}：类型错误。' },
  validationBetween: {
    en: '{field}: must be between {min} and {max}.',
    'zh-CN': '{field}：必须在 {min} 到 {max} 之间。',
  },
  validationAboveAtMost: {
    en: '{field}: must be greater than {min} and at most {max}.',
    'zh-CN': '{field}：必须大于 {min} 且不超过 {max}。',
  },
  validationAtLeast: { en: '{field}: must be at least {min}.', 'zh-CN': '{field}：不能小于 {min}。' },
  validationAbove: { en: '{field}: must be greater than {min}.', 'zh-CN': '{field}：必须大于 {min}。' },
  validationAtMost: { en: '{field}: must be at most {max}.', 'zh-CN': '{field}：不能超过 {max}。' },
  validationBelow: { en: '{field}: must be less than {max}.', 'zh-CN': '{field}：必须小于 {max}。' },
  validationFewItems: {
    en: '{field}: must have at least {min} items.',
    'zh-CN': '{field}：至少需要 {min} 项。',
  },
  validationManyItems: {
    en: '{field}: must have at most {max} items.',
    'zh-CN': '{field}：最多 {max} 项。',
  },
  validationEmptyText: { en: '{field}: must not be empty.', 'zh-CN': '{field}：不能为空。' },
  validationShortText: {
    en: '{field}: must be at least {min} characters.',
    'zh-CN': '{field}：至少 {min} 个字符。',
  },
  validationLongText: {
    en: '{field}: must be at most {max} characters.',
    'zh-CN': '{field}：最多 {max} 个字符。',
  },
  validationOneOf: { en: '{field}: must be one of {values}.', 'zh-CN': '{field}：必须是以下之一：{values}。' },
  validationFormat: { en: '{field}: has the wrong format.', 'zh-CN': '{field}：格式错误。' },
  validationUnknownField: { en: '{field}: is not a known field.', 'zh-CN': '{field}：不是可识别的字段。' },
  validationInvalid: { en: '{field}: invalid value.', 'zh-CN': '{field}：无效的值。' },
  requestBodyNotJson: { en: 'The request body is not valid JSON.', 'zh-CN': '请求内容不是有效的 JSON。' },
  requestContentType: {
    en: 'The request body must be JSON (Content-Type: application/json).',
    'zh-CN': '请求内容必须是 JSON（Content-Type: application/json）。',
  },
  requestMalformed: {
    en: 'The request cannot be read: {reason}',
    'zh-CN': '无法读取请求：{reason}',
  },
} as const satisfies Record<string, { en: string; 'zh-CN': string }>;
