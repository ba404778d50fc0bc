import {
  envelope,
  ProjectIdParams,
  RemoteStateEntry,
  RemoteStateParams,
  RemoteStateServerParams,
  RemoteStateUploadQuery,
  VIEWER_LIMITS,
  ViewerSessionSaved,
  ViewerStateServer,
} from '@medx/contract';
import type { FastifyError, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Config, publicOrigin } from '../../config';
import { AppError } from '../../http/app-error';
import { ok, responses } from '../../http/envelope';
import { requireAuth } from '../../http/request-context';
import { megabytes, type RemoteStatesService } from './remote-states.service';
import type { ViewerSessionRow } from './viewer.repository';
import { quoteEtag, type ViewerSessionService } from './viewer-session.service';

const tags = ['viewer'];
const security = [{ token: [] }];
const failure = envelope(z.null());
const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(',') : value);

/** A refusal Fastify makes before the handler runs, said in this feature's words; anything else goes on. */
function refusals(map: Record<string, () => AppError>) {
  return (error: FastifyError) => {
    const mapped = error.code ? map[error.code] : undefined;
    // Thrown from a plugin's error handler, the error goes to the app's handler (the envelope).
    throw mapped ? mapped() : error;
  };
}

function sessionHeaders(reply: FastifyReply, row: ViewerSessionRow): FastifyReply {
  return reply
    .header('etag', quoteEtag(row.etag))
    .header('last-modified', new Date(row.updated_at).toUTCString())
    .header('cache-control', 'private, no-cache');
}

/** /v1/projects/{id}/viewer/...: the remote state address, and the project's viewer session. */
export function projectViewerRoutes(
  states: RemoteStatesService,
  sessions: ViewerSessionService,
  config: Config,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.setErrorHandler(
      refusals({
        FST_ERR_CTP_BODY_TOO_LARGE: () =>
          new AppError(413, 'viewerSessionTooLarge', { max: megabytes(VIEWER_LIMITS.sessionBytesMax) }),
        FST_ERR_CTP_INVALID_MEDIA_TYPE: () => new AppError(415, 'viewerSessionContentType'),
      }),
    );
    // The session travels as its bytes (a .molx is a zip).
    app.addContentTypeParser(
      ['application/octet-stream', 'application/zip'],
      { parseAs: 'buffer', bodyLimit: VIEWER_LIMITS.sessionBytesMax },
      (_req, body, done) => done(null, body),
    );

    app.post(
      '/:id/viewer/state_server',
      {
        schema: {
          tags,
          security,
          description:
            "Med View's remote state server for this project (Mol*'s {server}/list, /get/{id}, /remove/{id}, POST /set): a new address carrying an access key for the caller; READ_ONLY members get one that lists and gets only.",
          params: ProjectIdParams,
          response: responses(ViewerStateServer),
        },
      },
      async (req) => {
        const origin = publicOrigin(config, `${req.protocol}://${req.host}`);
        return ok(req, await states.issueServer(requireAuth(req), req.params.id, origin));
      },
    );

    app.head(
      '/:id/viewer/session',
      {
        schema: {
          tags,
          security,
          description: "The project's viewer session (default.molx): its ETag and Last-Modified, no body; 404 if none.",
          params: ProjectIdParams,
        },
      },
      async (req, reply) => {
        const row = await sessions.info(requireAuth(req), req.params.id);
        return sessionHeaders(reply, row)
          .header('content-type', 'application/octet-stream')
          .header('content-length', String(row.size))
          .send();
      },
    );

    app.get(
      '/:id/viewer/session',
      {
        exposeHeadRoute: false,
        schema: {
          tags,
          security,
          description:
            "The project's viewer session (default.molx) as bytes, with ETag and Last-Modified; 304 for If-None-Match naming its etag; 404 if none.",
          params: ProjectIdParams,
        },
      },
      async (req, reply) => {
        const { row, stream } = await sessions.read(
          requireAuth(req),
          req.params.id,
          header(req.headers['if-none-match']),
        );
        sessionHeaders(reply, row);
        if (!stream) return reply.code(304).send();
        return reply
          .header('content-type', 'application/octet-stream')
          .header('content-length', String(row.size))
          .header('content-disposition', `attachment; filename="${VIEWER_LIMITS.sessionFileName}"`)
          .send(stream);
      },
    );

    app.put(
      '/:id/viewer/session',
      {
        bodyLimit: VIEWER_LIMITS.sessionBytesMax,
        schema: {
          tags,
          security,
          description:
            'Saves the viewer session: the .molx bytes as application/octet-stream, with If-Match: <etag> when one exists (412 when another tab saved since; 428 without it) or If-None-Match: * for the first. Answers the new etag (also the ETag header).',
          params: ProjectIdParams,
          response: { ...responses(ViewerSessionSaved), 412: failure, 413: failure, 415: failure, 428: failure },
        },
      },
      async (req, reply) => {
        const auth = requireAuth(req);
        if (!Buffer.isBuffer(req.body)) throw new AppError(415, 'viewerSessionContentType');
        const saved = await sessions.save(auth, req.params.id, req.body, {
          ifMatch: header(req.headers['if-match']),
          ifNoneMatch: header(req.headers['if-none-match']),
        });
        reply.header('etag', quoteEtag(saved.etag));
        return ok(req, saved, 'saveSuccessful');
      },
    );
  };
}

/**
 * /v1/viewer/states/{projectId}/{key}: Mol*'s remote state protocol, answered as Mol*'s own
 * server answers (raw JSON, no envelope: Mol*'s client reads it directly); refusals are the
 * envelope with a 4xx status, which Mol*'s client reports as a failed fetch.
 */
export function remoteStateRoutes(states: RemoteStatesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.setErrorHandler(
      refusals({
        FST_ERR_CTP_BODY_TOO_LARGE: () =>
          new AppError(413, 'viewerStateTooLarge', { max: megabytes(VIEWER_LIMITS.stateBytesMax) }),
      }),
    );
    app.addHook('onSend', async (_req, reply) => {
      reply.header('cache-control', 'private, no-store');
    });

    app.get(
      '/:projectId/:key/list',
      {
        schema: {
          tags,
          description: "Mol*'s remote state list: [{id, name, description, timestamp, isSticky, playOnLoad}].",
          params: RemoteStateServerParams,
          response: { 200: z.array(RemoteStateEntry), 404: failure },
        },
      },
      async (req) => states.list(req.params.projectId, req.params.key),
    );

    app.get(
      '/:projectId/:key/get/:id',
      {
        schema: {
          tags,
          description: "Mol*'s remote state: {id, name, description, data: the snapshot}.",
          params: RemoteStateParams,
        },
      },
      async (req, reply) => {
        const { stream, size } = await states.get(req.params.projectId, req.params.key, req.params.id);
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-length', String(size))
          .send(stream);
      },
    );

    app.get(
      '/:projectId/:key/remove/:id',
      {
        schema: {
          tags,
          description: "Removes a remote state (Mol*'s removeUrl; an empty 200 as Mol*'s server answers).",
          params: RemoteStateParams,
        },
      },
      async (req, reply) => {
        await states.remove(req.params.projectId, req.params.key, req.params.id);
        return reply.code(200).send();
      },
    );

    app.post(
      '/:projectId/:key/set',
      {
        bodyLimit: VIEWER_LIMITS.stateBytesMax,
        schema: {
          tags,
          description:
            "Uploads a remote state as Mol*'s client does: POST set?name=&description= with the snapshot as JSON (playOnLoad is its playback.isPlaying; a playOnLoad query parameter overrides it). Answers the new list entry.",
          params: RemoteStateServerParams,
          querystring: RemoteStateUploadQuery,
          response: {
            200: RemoteStateEntry,
            400: failure,
            403: failure,
            404: failure,
            409: failure,
            413: failure,
          },
        },
      },
      async (req) => states.upload(req.params.projectId, req.params.key, req.query, req.body),
    );
  };
}
