import {
  ConvertContentToSmilesRequest,
  ConvertTo3dRequest,
  ConvertTo3dResult,
  ConvertToSmilesRequest,
  CreateFileRequest,
  CreateFileResult,
  FileContent,
  FileIdParams,
  FileIdsRequest,
  FileList,
  FileListQuery,
  GetPdbRequest,
  ImportSampleRequest,
  MultiPreloadRequest,
  NewFilesResult,
  PreloadedFile,
  ProjectFile,
  RenameFileRequest,
  Sample,
  Show3dResult,
  SmilesResult,
  UpdateContentRequest,
  UpdateContentResult,
  UploadCredentials,
} from '@medx/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../http/envelope';
import { requireAuth } from '../../http/request-context';
import type { FilesService } from './files.service';
import type { PdbArchiveService } from './pdb-archive.service';
import type { SamplesService } from './samples.service';
import { show3d } from './show-3d';
import type { StructureOpsService } from './structure-ops.service';
import type { UploadsService } from './uploads.service';

const tags = ['files'];
const security = [{ token: [] }];

export interface FilesModule {
  samples: SamplesService;
  files: FilesService;
  ops: StructureOpsService;
  uploads: UploadsService;
  pdb: PdbArchiveService;
}

/** /v1/files: thin routes; rules in the services. */
export function filesRoutes(m: FilesModule): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/sts', { schema: { tags, security, response: responses(UploadCredentials) } }, async (req) => {
      requireAuth(req);
      return ok(req, m.uploads.credentials(null));
    });
    app.get(
      '/sts/:id',
      {
        schema: {
          tags,
          security,
          description:
            'Upload route for a project (id = project id): tus endpoint, chunk size, parallelism, retries, size limit.',
          params: FileIdParams,
          response: responses(UploadCredentials),
        },
      },
      async (req) => ok(req, await m.uploads.credentialsFor(requireAuth(req), req.params.id)),
    );
    app.post(
      '/',
      {
        schema: {
          tags,
          security,
          description: 'Creates entries from a finished tus upload (file_url = upload id). Archives expand.',
          body: CreateFileRequest,
          response: responses(CreateFileResult),
        },
      },
      async (req) => ok(req, await m.uploads.createFromUpload(requireAuth(req), req.body), 'uploadSuccessful'),
    );
    app.get(
      '/',
      { schema: { tags, security, querystring: FileListQuery, response: responses(FileList) } },
      async (req) => ok(req, await m.files.list(requireAuth(req), req.query)),
    );
    app.post(
      '/get_pdb',
      { schema: { tags, security, body: GetPdbRequest, response: responses(ProjectFile) } },
      async (req) => ok(req, await m.pdb.fetchEntry(requireAuth(req), req.body)),
    );
    app.get('/samples', { schema: { tags, security, response: responses(z.array(Sample)) } }, async (req) => {
      requireAuth(req);
      return ok(req, m.samples.list(req.lang));
    });
    app.post(
      '/samples',
      { schema: { tags, security, body: ImportSampleRequest, response: responses(NewFilesResult) } },
      async (req) =>
        ok(
          req,
          { files: await m.samples.import(requireAuth(req), req.body.project_id, req.body.sample_id) },
          'uploadSuccessful',
        ),
    );
    app.post(
      '/convert_to_smiles',
      { schema: { tags, security, body: ConvertContentToSmilesRequest, response: responses(SmilesResult) } },
      async (req) => {
        requireAuth(req);
        return ok(req, await m.ops.smilesOf(req.body.ext, req.body.content, true));
      },
    );
    app.post(
      '/multi_preload',
      { schema: { tags, security, body: MultiPreloadRequest, response: responses(z.array(PreloadedFile)) } },
      async (req) => ok(req, await m.files.multiPreload(requireAuth(req), req.body.ids)),
    );
    app.get(
      '/:id',
      { schema: { tags, security, params: FileIdParams, response: responses(ProjectFile) } },
      async (req) => ok(req, await m.files.get(requireAuth(req), req.params.id)),
    );
    app.get(
      '/:id/download',
      { schema: { tags, security, params: FileIdParams, description: 'The raw file content.' } },
      async (req, reply) => {
        const { file, stream } = await m.files.download(requireAuth(req), req.params.id);
        const ascii = file.name.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
        return reply
          .header('content-type', 'application/octet-stream')
          .header('content-length', String(file.size))
          .header(
            'content-disposition',
            `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
          )
          .header('cache-control', 'private, no-store')
          .send(stream);
      },
    );
    app.get(
      '/:id/show_3d',
      { schema: { tags, security, params: FileIdParams, response: responses(Show3dResult) } },
      async (req) => ok(req, show3d(await m.files.get(requireAuth(req), req.params.id))),
    );
    app.put(
      '/:id/name',
      { schema: { tags, security, params: FileIdParams, body: RenameFileRequest, response: responses(ProjectFile) } },
      async (req) => ok(req, await m.files.rename(requireAuth(req), req.params.id, req.body.name), 'updateSuccessful'),
    );
    app.put(
      '/:id/disable_entry',
      { schema: { tags, security, params: FileIdParams, response: responses(z.null()) } },
      async (req) => {
        await m.files.disableEntry(requireAuth(req), req.params.id);
        return ok(req, null, 'updateSuccessful');
      },
    );
    app.delete(
      '/:id',
      { schema: { tags, security, params: FileIdParams, response: responses(z.null()) } },
      async (req) => {
        await m.files.delete(requireAuth(req), req.params.id);
        return ok(req, null, 'deleteSuccessful');
      },
    );
    app.get(
      '/:id/content',
      { schema: { tags, security, params: FileIdParams, response: responses(FileContent) } },
      async (req) => ok(req, { content: await m.files.getContent(requireAuth(req), req.params.id) }),
    );
    app.put(
      '/:id/content',
      {
        bodyLimit: 51 * 1024 * 1024,
        schema: {
          tags,
          security,
          params: FileIdParams,
          body: UpdateContentRequest,
          response: responses(UpdateContentResult),
        },
      },
      async (req) =>
        ok(req, await m.files.putContent(requireAuth(req), req.params.id, req.body.content), 'updateSuccessful'),
    );
    app.post(
      '/:id/split_pdb',
      { schema: { tags, security, params: FileIdParams, response: responses(NewFilesResult) } },
      async (req) => ok(req, { files: await m.ops.split(requireAuth(req), req.params.id) }, 'splitSuccessful'),
    );
    app.post(
      '/:id/split_protein_chains',
      { schema: { tags, security, params: FileIdParams, response: responses(NewFilesResult) } },
      async (req) => ok(req, { files: await m.ops.splitChains(requireAuth(req), req.params.id) }, 'splitSuccessful'),
    );
    app.post(
      '/:id/convert_to_smiles',
      {
        schema: {
          tags,
          security,
          params: FileIdParams,
          body: ConvertToSmilesRequest,
          response: responses(SmilesResult),
        },
      },
      async (req) => ok(req, await m.ops.toSmiles(requireAuth(req), req.params.id, req.body?.is_return_img ?? false)),
    );
    app.post(
      '/:id/convert_to_3d',
      {
        schema: {
          tags,
          security,
          params: FileIdParams,
          body: ConvertTo3dRequest,
          response: responses(ConvertTo3dResult),
        },
      },
      async (req) =>
        ok(
          req,
          await m.ops.to3d(requireAuth(req), req.params.id, req.body?.is_new_entry ?? true),
          'convertPdbSuccessful',
        ),
    );
  };
}

/** /v1/jobs/to_mol2 and /v1/jobs/merge_pdb: conversions the spec lists under jobs; they run inline. */
export function fileJobsRoutes(m: FilesModule): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/to_mol2',
      { schema: { tags, security, body: FileIdsRequest, response: responses(NewFilesResult) } },
      async (req) => ok(req, { files: await m.ops.toMol2(requireAuth(req), req.body.file_ids) }),
    );
    app.post(
      '/merge_pdb',
      {
        schema: {
          tags,
          security,
          // The spec's message for one file is checked here, before the ids are looked up.
          body: FileIdsRequest,
          response: responses(NewFilesResult),
        },
      },
      async (req) =>
        ok(req, { files: await m.ops.merge(requireAuth(req), req.body.file_ids, req.body.name) }, 'mergeSuccessful'),
    );
  };
}
