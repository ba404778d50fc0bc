/** Catalogue entries of the parameter builder and tool review (spread into `messages`; spec §5, §8). */
export const toolBuilderMessages = {
  builderDependenciesNotMet: { en: 'Dependencies not met', 'zh-CN': '依赖条件未满足' },
  builderInvalidNumber: { en: 'Invalid number', 'zh-CN': '数字无效' },
  builderBelowMin: { en: 'Must be greater than {min}', 'zh-CN': '必须大于 {min}' },
  builderAboveMax: { en: 'Must be less than {max}', 'zh-CN': '必须小于 {max}' },
  builderPackageNameRequired: { en: 'Package name is required', 'zh-CN': '包名为必填项' },
  builderDependencyExists: { en: 'Dependency already exists', 'zh-CN': '依赖已存在' },
  builderToolIdInvalid: {
    en: 'A tool ID starts with a letter and holds only letters, digits, ".", "_" and "-" (at most 100).',
    'zh-CN': '工具 ID 须以字母开头，只能包含字母、数字、"."、"_" 和 "-"（最多 100 个字符）。',
  },
  builderVersionInvalid: {
    en: 'A version holds only letters, digits, ".", "_", "+" and "-" (for example 1.0.0).',
    'zh-CN': '版本号只能包含字母、数字、"."、"_"、"+" 和 "-"（例如 1.0.0）。',
  },
  builderParamNameInvalid: {
    en: 'A parameter name starts with a letter or "_" and holds only letters, digits and "_".',
    'zh-CN': '参数名须以字母或 "_" 开头，只能包含字母、数字和 "_"。',
  },
  builderParamNameTaken: { en: 'Another parameter has this name.', 'zh-CN': '已有其他参数使用此名称。' },
  builderMinAboveMax: {
    en: 'The minimum ({min}) is above the maximum ({max}).',
    'zh-CN': '最小值（{min}）大于最大值（{max}）。',
  },
  builderOptionsRequired: { en: 'Add at least one option.', 'zh-CN': '请至少添加一个选项。' },
  builderFileTypesRequired: { en: 'Add at least one file type.', 'zh-CN': '请至少添加一种文件类型。' },
  builderUnknownReference: {
    en: 'The command refers to {name}, which is not a parameter.',
    'zh-CN': '命令引用了 {name}，但它不是参数。',
  },
  builderCommandRequired: { en: 'The command is empty.', 'zh-CN': '命令为空。' },
  builderOutputRequired: { en: 'The tool needs at least one output.', 'zh-CN': '工具至少需要一个输出。' },
  builderScriptExtension: {
    en: 'Invalid file format. Supported formats: {formats}',
    'zh-CN': '文件格式无效。支持的格式：{formats}',
  },
  builderScriptDuplicate: { en: 'A script named {name} exists already.', 'zh-CN': '已存在名为 {name} 的脚本。' },
  builderDependsOnUnknown: { en: 'There is no parameter named {name}.', 'zh-CN': '不存在名为 {name} 的参数。' },
  builderDraftInvalid: {
    en: 'The tool has {count} problem(s); the first: {first}',
    'zh-CN': '该工具有 {count} 个问题；第一个：{first}',
  },
  builderInvalidXml: { en: 'Invalid XML: No tool element found', 'zh-CN': '无效的 XML：未找到 tool 元素' },
  builderParseFailed: { en: 'Failed to parse file: {message}', 'zh-CN': '文件解析失败：{message}' },
  builderVersionNotFound: { en: 'Version not found.', 'zh-CN': '未找到该版本。' },
  builderTooManyVersions: {
    en: 'A tool keeps at most {max} versions; delete old ones first.',
    'zh-CN': '每个工具最多保留 {max} 个版本，请先删除旧版本。',
  },
  builderRegisteredOnly: {
    en: 'Please sign up to build and submit tools.',
    'zh-CN': '请注册后再创建和提交工具。',
  },
  builderTestRunNotFinished: {
    en: 'That test run has not finished successfully; run the test again.',
    'zh-CN': '该测试运行未成功完成，请重新运行测试。',
  },
  builderFileTooLarge: { en: 'The file is larger than {max} MB.', 'zh-CN': '文件大于 {max} MB。' },
  builderFileMissing: { en: 'Please choose a file.', 'zh-CN': '请选择文件。' },
  condaNotPackage: {
    en: 'The file is not a conda package or environment: {reason}',
    'zh-CN': '该文件不是 conda 包或环境文件：{reason}',
  },
  toolSubmitted: { en: 'Tool submitted successfully!', 'zh-CN': '工具提交成功！' },
  toolSubmitFailed: { en: 'Failed to submit tool: {errorMessage}', 'zh-CN': '工具提交失败：{errorMessage}' },
  submissionUnknownError: { en: 'Unknown error', 'zh-CN': '未知错误' },
  submissionNeedsUser: {
    en: 'Submitting a tool needs a signed-in user with an email address.',
    'zh-CN': '提交工具需要已登录且有邮箱地址的用户。',
  },
  submissionZipName: {
    en: 'The submission must be a zip named after your user id ({name}).',
    'zh-CN': '提交的文件必须是以您的用户 ID 命名的 zip（{name}）。',
  },
  submissionZipInvalid: { en: 'The submission zip is not usable: {reason}', 'zh-CN': '提交的 zip 无法使用：{reason}' },
  submissionXmlMismatch: {
    en: 'The zip holds tool {found}, not {expected}.',
    'zh-CN': 'zip 中的工具是 {found}，而不是 {expected}。',
  },
  submissionIdTaken: {
    en: 'The tool ID {id} belongs to another tool; choose another ID.',
    'zh-CN': '工具 ID {id} 已被其他工具使用，请换一个 ID。',
  },
  submissionVersionExists: {
    en: 'Version {version} of {id} has been submitted already; raise the version to submit a new one.',
    'zh-CN': '{id} 的版本 {version} 已提交过；请提高版本号后再提交。',
  },
  submissionNotFound: { en: 'Submission not found.', 'zh-CN': '未找到该提交。' },
  submissionReviewed: {
    en: 'This submission has been reviewed already.',
    'zh-CN': '该提交已审核。',
  },
  submissionTestsRunning: { en: 'Its tests are running.', 'zh-CN': '测试正在运行。' },
  submissionAdminOnly: { en: 'Only administrators review tools.', 'zh-CN': '只有管理员可以审核工具。' },
  submissionPublished: { en: 'Published.', 'zh-CN': '已发布。' },
  submissionRejected: { en: 'Rejected.', 'zh-CN': '已拒绝。' },
  eventToolPublishedTitle: { en: 'Your tool is published', 'zh-CN': '您的工具已发布' },
  eventToolPublished: {
    en: '{name} {version} is now in the catalogue under {category}.',
    'zh-CN': '{name} {version} 已发布到工具目录的 {category} 分类。',
  },
  eventToolRejectedTitle: { en: 'Your tool was not published', 'zh-CN': '您的工具未通过审核' },
  eventToolRejected: {
    en: '{name} {version} was not published: {reason}',
    'zh-CN': '{name} {version} 未通过审核：{reason}',
  },
};
