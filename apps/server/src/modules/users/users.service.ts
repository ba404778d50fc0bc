import type {
  AdminRedirect,
  AuthResult,
  ChangeInfoRequest,
  ChangePasswordRequest,
  CodePurpose,
  FeedbackRequest,
  LoginByCodeRequest,
  LoginRequest,
  Permissions,
  ResetPasswordRequest,
  SignUpRequest,
  User,
} from '@medx/contract';
import { LOGIN_POLICY, ToolsPolicy, WorkflowsPolicy } from '@medx/contract';
import type { z } from 'zod';
import type { UserRow } from '../../db/schema';
import { badRequest, forbidden, tooMany } from '../../http/app-error';
import type { AuthContext } from '../../http/request-context';
import { type Clock, HOUR, iso } from '../../lib/clock';
import { hashPassword, randomId, verifyPassword } from '../../lib/secrets';
import { parseAccount } from './account-target';
import type { SessionService } from './session.service';
import type { UsersRepository } from './users.repository';
import { type CodeTarget, targetKey, type VerificationCodeService } from './verification-code.service';

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    user_type: row.user_type,
    email: row.email,
    phone: row.phone,
    region: row.region,
    identity: row.identity,
    organization: row.organization,
    research_field: row.research_field,
    source: row.source,
    created_at: row.created_at,
  };
}

type SignUpInput = Omit<SignUpRequest, 'agreement'> & { agreement: true };

export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: SessionService,
    private readonly codes: VerificationCodeService,
    private readonly clock: Clock,
    private readonly adminEmails: Set<string>,
  ) {}

  private findByTarget(target: CodeTarget): Promise<UserRow | undefined> {
    return target.channel === 'email'
      ? this.users.findByEmail(target.email)
      : this.users.findByPhone(target.region, target.phone);
  }

  private async authResult(user: UserRow): Promise<AuthResult> {
    return { user: toUser(user), token: await this.sessions.create(user) };
  }

  /**
   * Sends a code. The answer is the same whether or not the account exists, so the
   * endpoint cannot be used to probe for accounts: a code that could not be used
   * (sign-up for a registered address, login or reset for an unknown one) is recorded,
   * throttled and counted like any other, but never delivered. Sign-up then says
   * 'accountExists' only to a caller holding a valid code, i.e. the address's owner.
   */
  async sendCode(target: CodeTarget, purpose: CodePurpose) {
    const existing = await this.findByTarget(target);
    const registered = existing?.user_type === 'REGISTERED';
    const usable = purpose === 'sign_up' ? !registered : registered;
    return this.codes.send(target, purpose, { deliver: usable });
  }

  /**
   * Registers a user. A guest who signs up while signed in keeps its account id,
   * and with it every project made as a guest (spec: "register later").
   */
  async signUp(input: SignUpInput, current: AuthContext | null): Promise<AuthResult> {
    const target: CodeTarget = input.email
      ? { channel: 'email', email: input.email }
      : { channel: 'phone', region: input.region ?? '86', phone: input.phone ?? '' };
    // The code first: only the address's owner learns that it is registered already.
    await this.codes.consume(target, 'sign_up', input.code);
    if (await this.findByTarget(target)) throw badRequest('accountExists');

    const now = iso(this.clock.now());
    const fields = {
      username: input.username || (target.channel === 'email' ? target.email.split('@')[0]! : target.phone),
      user_type: 'REGISTERED' as const,
      email: target.channel === 'email' ? target.email : null,
      phone: target.channel === 'phone' ? target.phone : null,
      region: target.channel === 'phone' ? target.region : null,
      password_hash: await hashPassword(input.password),
      identity: input.identity,
      organization: input.organization ?? null,
      research_field: input.research_field ?? null,
      source: input.source ?? null,
      updated_at: now,
    };
    if (current?.user.user_type === 'GUEST') {
      const upgraded = await this.users.update(current.user.id, fields);
      await this.sessions.revoke(current.sessionId);
      return this.authResult(upgraded);
    }
    const user = await this.users.insert({ ...fields, created_at: now });
    return this.authResult(user);
  }

  /**
   * Password login. Wrong passwords back off per (account, client address): after
   * LOGIN_POLICY.freeFailures the address waits, doubling with each further failure up
   * to a cap. Unknown accounts back off the same way, so no answer tells whether an
   * account exists; another address (the real owner's) is never delayed.
   */
  async login(input: LoginRequest, client: string): Promise<AuthResult> {
    const target = parseAccount(input.account, input.region);
    const account = targetKey(target).slice(0, 160);
    const now = this.clock.now();
    const record = await this.users.loginFailures(account, client);
    if (record?.blocked_until && Date.parse(record.blocked_until) > now.getTime()) {
      throw tooMany('loginBackoff', { seconds: Math.ceil((Date.parse(record.blocked_until) - now.getTime()) / 1000) });
    }
    const user = await this.findByTarget(target);
    // One message for an unknown account and a wrong password: no account probing.
    if (!user || !(await verifyPassword(input.password, user.password_hash))) {
      const forgotten = !record || Date.parse(record.last_failed_at) < now.getTime() - LOGIN_POLICY.memoryHours * HOUR;
      const failures = (forgotten ? 0 : record.failures) + 1;
      const over = failures - LOGIN_POLICY.freeFailures;
      const delay = over < 0 ? 0 : Math.min(LOGIN_POLICY.maxDelaySeconds, LOGIN_POLICY.firstDelaySeconds * 2 ** over);
      await this.users.saveLoginFailures({
        account,
        client,
        failures,
        last_failed_at: iso(now),
        blocked_until: delay > 0 ? iso(new Date(now.getTime() + delay * 1000)) : null,
      });
      throw badRequest('invalidCredentials');
    }
    if (record) await this.users.clearLoginFailures(account, client);
    if (user.disabled_at) throw forbidden('accountDisabled');
    return this.authResult(user);
  }

  /** Housekeeping: backoff records whose failures are old enough to be forgotten. */
  async forgetLoginFailures(): Promise<void> {
    await this.users.deleteLoginFailuresBefore(
      iso(new Date(this.clock.now().getTime() - LOGIN_POLICY.memoryHours * HOUR)),
    );
  }

  async loginByCode(input: LoginByCodeRequest): Promise<AuthResult> {
    const target = parseAccount(input.account, input.region);
    const user = await this.findByTarget(target);
    if (!user || user.user_type !== 'REGISTERED') throw badRequest('codeWrongOrExpired');
    await this.codes.consume(target, 'login', input.code);
    if (user.disabled_at) throw forbidden('accountDisabled');
    return this.authResult(user);
  }

  /**
   * Continues as a guest. A caller already signed in as a guest keeps that guest
   * (and its projects): clicking "Continue as guest" again must not orphan them.
   */
  async guestLogin(current: AuthContext | null = null): Promise<AuthResult> {
    if (current?.user.user_type === 'GUEST') return this.authResult(current.user);
    const now = iso(this.clock.now());
    const user = await this.users.insert({
      username: `Guest-${randomId(6)}`,
      user_type: 'GUEST',
      email: null,
      phone: null,
      region: null,
      password_hash: null,
      identity: null,
      organization: null,
      research_field: null,
      source: null,
      created_at: now,
      updated_at: now,
    });
    return this.authResult(user);
  }

  async resetPassword(input: ResetPasswordRequest): Promise<void> {
    const target = parseAccount(input.account, input.region);
    const user = await this.findByTarget(target);
    if (!user || user.user_type !== 'REGISTERED') throw badRequest('codeWrongOrExpired');
    await this.codes.consume(target, 'reset_password', input.code);
    await this.users.update(user.id, {
      password_hash: await hashPassword(input.password),
      updated_at: iso(this.clock.now()),
    });
    await this.sessions.revokeAllExcept(user.id, null);
  }

  async changeInfo(auth: AuthContext, input: ChangeInfoRequest): Promise<User> {
    const patch: Partial<UserRow> = { updated_at: iso(this.clock.now()) };
    for (const key of ['username', 'identity', 'organization', 'research_field', 'source'] as const) {
      if (input[key] !== undefined) patch[key] = input[key];
    }
    return toUser(await this.users.update(auth.user.id, patch));
  }

  async changePassword(auth: AuthContext, input: ChangePasswordRequest): Promise<void> {
    if (auth.user.user_type !== 'REGISTERED') throw badRequest('guestNotAllowed');
    if (!(await verifyPassword(input.old_password, auth.user.password_hash))) throw badRequest('oldPasswordWrong');
    await this.users.update(auth.user.id, {
      password_hash: await hashPassword(input.new_password),
      updated_at: iso(this.clock.now()),
    });
    await this.sessions.revokeAllExcept(auth.user.id, auth.sessionId);
  }

  async feedback(auth: AuthContext, input: FeedbackRequest): Promise<void> {
    await this.users.insertFeedback({
      user_id: auth.user.id,
      email: input.email,
      content: input.content,
      created_at: iso(this.clock.now()),
    });
  }

  logout(auth: AuthContext): Promise<void> {
    return this.sessions.revoke(auth.sessionId);
  }

  /**
   * Permission data (spec §3). Guests: no tools or workflows (the UI shows the
   * "register to get access" message). Registered users: every tool and workflow, unless
   * an admin set their tools policy (PUT /v1/tools/policy).
   * Admin Panel: users whose e-mail is in ADMIN_EMAILS, or whom an admin granted it.
   */
  permissions(user: UserRow): Permissions {
    if (user.user_type === 'GUEST') return { tools: false, workflows: false, ADMIN_PANEL: false };
    return {
      tools: storedPolicy(ToolsPolicy, user.tools_policy) ?? 'MENUS',
      workflows: storedPolicy(WorkflowsPolicy, user.workflows_policy) ?? {},
      ADMIN_PANEL: this.isAdminByConfig(user) || user.admin_panel === 1,
    };
  }

  /** Admins named by ADMIN_EMAILS: the admin area cannot take their permission away. */
  isAdminByConfig(user: Pick<UserRow, 'email' | 'user_type'>): boolean {
    return user.user_type === 'REGISTERED' && !!user.email && this.adminEmails.has(user.email);
  }

  /**
   * The Admin Panel's address (spec §2, §7) for a user whose permission data has ADMIN_PANEL;
   * everyone else, guests included, is refused (403).
   */
  adminRedirect(user: UserRow, adminPanelUrl: string): AdminRedirect {
    if (!this.permissions(user).ADMIN_PANEL) throw forbidden('adminPanelForbidden');
    return { redirect_url: adminPanelUrl };
  }
}

/** A user's stored tools or workflows policy (JSON), or null when none is set or it no longer parses. */
function storedPolicy<T>(schema: z.ZodType<T>, json: string | null | undefined): T | null {
  if (!json) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
