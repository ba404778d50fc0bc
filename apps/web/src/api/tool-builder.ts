import type {
  BuilderDraft,
  BuilderImport,
  BuilderPreview,
  BuilderTestRunRequest,
  BuilderVersion,
  BuilderVersionList,
  BuilderVersionSummary,
  CondaDependencies,
  ToolSubmission,
  ToolSubmissionList,
} from '@medx/contract';
import { api, type RequestOptions } from './client';

/** Query keys of the parameter builder (versions, one version, submissions). */
export const toolBuilderKey = ['tool-builder'] as const;

export type BuilderVersionParams = { tool_id?: string; page: number; limit: number };

/** The fields of POST /v1/users/publish_app besides the zip (spec §7). */
export interface PublishAppForm {
  tool_id: string;
  tool_name: string;
  version: string;
  test_job_id?: number;
}

/**
 * The parameter builder (issue 16, packages/contract/src/tool-builder.ts): versions of a
 * draft, its preview (XML, XSD check, the tool form), import of an existing tool XML, conda
 * parsing, test runs and the submission for review. Failures toast the server's msg unless
 * the caller words them itself (preview, submission).
 */
export const toolBuilderApi = {
  versions: (query: BuilderVersionParams) => api.get<BuilderVersionList>('/tool-builder/versions', { ...query }),
  saveVersion: (draft: BuilderDraft, note: string) =>
    api.post<BuilderVersionSummary>('/tool-builder/versions', { draft, note }),
  version: (id: number) => api.get<BuilderVersion>(`/tool-builder/versions/${id}`),
  deleteVersion: (id: number) => api.del<null>(`/tool-builder/versions/${id}`),
  preview: (draft: BuilderDraft, options?: RequestOptions) =>
    api.post<BuilderPreview>('/tool-builder/preview', { draft }, options),
  importXml: (xml: string, macros: string) => api.post<BuilderImport>('/tool-builder/import', { xml, macros }),
  /** POST /api/parse-conda (multipart `file`): the packages a conda package or environment file names. */
  parseConda: (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return api.post<CondaDependencies>('/api/parse-conda', form);
  },
  testRun: (body: BuilderTestRunRequest) => api.post<{ job_id: number }>('/tool-builder/test-runs', body),
  /** POST /v1/users/publish_app: the `<user id>.zip` and the tool's fields; silent (the page words the failure). */
  publish: (zip: File, fields: PublishAppForm) => {
    const form = new FormData();
    form.append('file', zip, zip.name);
    form.append('tool_id', fields.tool_id);
    form.append('tool_name', fields.tool_name);
    form.append('version', fields.version);
    if (fields.test_job_id !== undefined) form.append('test_job_id', String(fields.test_job_id));
    return api.post<ToolSubmission>('/users/publish_app', form, { silent: true });
  },
  submissions: () => api.get<ToolSubmissionList>('/tool-builder/submissions'),
};
