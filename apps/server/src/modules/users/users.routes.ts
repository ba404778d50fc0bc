import {
  AdminRedirect,
  AuthResult,
  CallingCode,
  ChangeInfoRequest,
  ChangePasswordRequest,
  FeedbackRequest,
  LoginByCodeRequest,
  LoginRequest,
  Permissions,
  ResetPasswordRequest,
  SendCodeResult,
  SendEmailCodeRequest,
  SendPhoneCodeRequest,
  SignUpRequest,
  User,
} from '@medx/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminPanelUrl, type Config } from '../../config';
import { ok, responses } from '../../http/envelope';
import { requireAuth } from '../../http/request-context';
import { CALLING_CODES } from './calling-codes';
import { toUser, type UsersService } from './users.service';

const tags = ['users'];
const secured = [{ token: [] }];

/** /v1/users: thin routes; rules live in UsersService. */
export function usersRoutes(service: UsersService, config: Config): FastifyPluginAsyncZod {
  const limit = (max: number, timeWindow: string) => ({ rateLimit: { max, timeWindow } });
  const requestOrigin = (req: FastifyRequest) => `${req.protocol}://${req.host}`;
  return async (app) => {
    app.post('/sign_up', { schema: { tags, body: SignUpRequest, response: responses(AuthResult) } }, async (req) =>
      ok(req, await service.signUp(req.body, req.auth), 'signUpSuccessful'),
    );
    app.post(
      '/login',
      {
        config: limit(config.rateLimitLoginPerMinute, '1 minute'),
        schema: { tags, body: LoginRequest, response: responses(AuthResult) },
      },
      async (req) => ok(req, await service.login(req.body, req.ip), 'loginSuccessful'),
    );
    app.post(
      '/login_by_code',
      {
        config: limit(config.rateLimitLoginPerMinute, '1 minute'),
        schema: { tags, body: LoginByCodeRequest, response: responses(AuthResult) },
      },
      async (req) => ok(req, await service.loginByCode(req.body), 'loginSuccessful'),
    );
    app.post(
      '/send_email_code',
      {
        config: limit(config.rateLimitCodesPerHour, '1 hour'),
        schema: { tags, body: SendEmailCodeRequest, response: responses(SendCodeResult) },
      },
      async (req) =>
        ok(req, await service.sendCode({ channel: 'email', email: req.body.email }, req.body.purpose), 'codeSent'),
    );
    app.post(
      '/send_phone_code',
      {
        config: limit(config.rateLimitCodesPerHour, '1 hour'),
        schema: { tags, body: SendPhoneCodeRequest, response: responses(SendCodeResult) },
      },
      async (req) =>
        ok(
          req,
          await service.sendCode(
            { channel: 'phone', region: req.body.region, phone: req.body.phone },
            req.body.purpose,
          ),
          'codeSent',
        ),
    );
    app.post(
      '/guest_login',
      {
        config: limit(config.rateLimitGuestPerHour, '1 hour'),
        // Fastify hands a missing body to the validator as null: accept no body at all.
        schema: { tags, body: z.object({}).nullish(), response: responses(AuthResult) },
      },
      async (req) => ok(req, await service.guestLogin(req.auth), 'loginSuccessful'),
    );
    app.post(
      '/reset_password',
      {
        config: limit(config.rateLimitLoginPerMinute, '1 minute'),
        schema: { tags, body: ResetPasswordRequest, response: responses(z.null()) },
      },
      async (req) => {
        await service.resetPassword(req.body);
        return ok(req, null, 'resetPasswordSuccessful');
      },
    );
    app.post(
      '/change_info',
      { schema: { tags, security: secured, body: ChangeInfoRequest, response: responses(User) } },
      async (req) => ok(req, await service.changeInfo(requireAuth(req), req.body), 'updateSuccessful'),
    );
    app.post(
      '/change_password',
      { schema: { tags, security: secured, body: ChangePasswordRequest, response: responses(z.null()) } },
      async (req) => {
        await service.changePassword(requireAuth(req), req.body);
        return ok(req, null, 'updateSuccessful');
      },
    );
    app.post(
      '/feedback',
      {
        config: limit(config.rateLimitCodesPerHour, '1 hour'),
        schema: { tags, security: secured, body: FeedbackRequest, response: responses(z.null()) },
      },
      async (req) => {
        await service.feedback(requireAuth(req), req.body);
        return ok(req, null, 'sendFeedbackSuccessful');
      },
    );
    app.post('/logout', { schema: { tags, security: secured, response: responses(z.null()) } }, async (req) => {
      await service.logout(requireAuth(req));
      return ok(req, null, 'signOutSuccessful');
    });
    app.get('/', { schema: { tags, security: secured, response: responses(User) } }, async (req) =>
      ok(req, toUser(requireAuth(req).user)),
    );
    app.get('/permissions', { schema: { tags, security: secured, response: responses(Permissions) } }, async (req) =>
      ok(req, service.permissions(requireAuth(req).user)),
    );
    app.get(
      '/admin/redirect',
      {
        schema: {
          tags,
          security: secured,
          description: "Where the Admin Panel opens: ADMIN_PANEL_URL, else this server's own admin area (/admin).",
          response: responses(AdminRedirect),
        },
      },
      async (req) => ok(req, service.adminRedirect(requireAuth(req).user, adminPanelUrl(config, requestOrigin(req)))),
    );
    app.get('/calling/codes', { schema: { tags, response: responses(z.array(CallingCode)) } }, async (req) =>
      ok(req, CALLING_CODES),
    );
  };
}
