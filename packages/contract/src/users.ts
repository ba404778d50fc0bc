import { z } from 'zod';
import { CodePurpose, Identity, Source, UserType } from './enums';
import { codeField, emailField, optionalText, passwordField, phoneField, regionField, requiredString } from './fields';
import { LIMITS } from './limits';

export const User = z.object({
  id: z.number().int(),
  username: z.string(),
  user_type: UserType,
  email: z.string().nullable(),
  phone: z.string().nullable(),
  region: z.string().nullable(),
  identity: z.string().nullable(),
  organization: z.string().nullable(),
  research_field: z.string().nullable(),
  source: z.string().nullable(),
  created_at: z.string(),
});
export type User = z.infer<typeof User>;

export const AuthResult = z.object({ user: User, token: z.string() });
export type AuthResult = z.infer<typeof AuthResult>;

/**
 * An account is named by an email, or by a phone number with its region
 * (default 86). `account` holds either; a value with '@' is an email.
 */
const accountField = requiredString('accountRequired').trim().min(1, 'accountRequired').max(254, 'accountRequired');

export const LoginRequest = z.object({
  account: accountField,
  region: regionField.optional(),
  password: passwordField,
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const LoginByCodeRequest = z.object({
  account: accountField,
  region: regionField.optional(),
  code: codeField,
});
export type LoginByCodeRequest = z.infer<typeof LoginByCodeRequest>;

export const SendEmailCodeRequest = z.object({
  email: emailField,
  purpose: CodePurpose.default('login'),
});
export type SendEmailCodeRequest = z.input<typeof SendEmailCodeRequest>;

export const SendPhoneCodeRequest = z.object({
  phone: phoneField,
  region: regionField.default(LIMITS.defaultRegion),
  purpose: CodePurpose.default('login'),
});
export type SendPhoneCodeRequest = z.input<typeof SendPhoneCodeRequest>;

export const SendCodeResult = z.object({
  /** Seconds until another code may be requested for the same address. */
  resend_after: z.number().int(),
  expires_in: z.number().int(),
});

export const SignUpRequest = z
  .object({
    email: emailField.optional(),
    phone: phoneField.optional(),
    region: regionField.optional(),
    code: codeField,
    password: passwordField,
    username: z.string().trim().max(LIMITS.usernameMax, 'usernameTooLong').optional(),
    identity: z.enum(Identity.options, { error: 'identityRequired' }),
    organization: optionalText(),
    research_field: optionalText(),
    source: z.enum(Source.options, { error: 'invalidValue' }).optional(),
    agreement: z.literal(true, { error: 'agreementRequired' }),
  })
  .superRefine((value, ctx) => {
    if (!value.email && !value.phone) ctx.addIssue({ code: 'custom', path: ['email'], message: 'accountRequired' });
  });
export type SignUpRequest = z.input<typeof SignUpRequest>;

export const ResetPasswordRequest = z.object({
  account: accountField,
  region: regionField.optional(),
  code: codeField,
  password: passwordField,
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

export const ChangeInfoRequest = z.object({
  username: z.string().trim().min(1, 'fieldRequired').max(LIMITS.usernameMax, 'usernameTooLong').optional(),
  identity: z.enum(Identity.options, { error: 'identityRequired' }).optional(),
  organization: optionalText(),
  research_field: optionalText(),
  source: z.enum(Source.options, { error: 'invalidValue' }).optional(),
});
export type ChangeInfoRequest = z.infer<typeof ChangeInfoRequest>;

export const ChangePasswordRequest = z.object({
  old_password: passwordField,
  new_password: passwordField,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/** Permission data (spec §3). Policies are documented in docs/decisions.md. */
export const ToolsPolicy = z.union([z.literal('MENUS'), z.boolean(), z.array(z.string())]);
export const WorkflowsPolicy = z.union([
  z.boolean(),
  z.array(z.string()),
  z.record(z.string(), z.union([z.boolean(), z.literal('deny')])),
]);
export const Permissions = z.object({
  tools: ToolsPolicy,
  workflows: WorkflowsPolicy,
  ADMIN_PANEL: z.boolean().optional(),
});
export type Permissions = z.infer<typeof Permissions>;

/** GET /v1/users/admin/redirect (spec §7): where the sidebar's Admin Panel item opens a window. */
export const AdminRedirect = z.object({ redirect_url: z.string() });
export type AdminRedirect = z.infer<typeof AdminRedirect>;

export const CallingCode = z.object({ code: z.string(), name: z.string(), name_zh: z.string() });
export type CallingCode = z.infer<typeof CallingCode>;

/** Feedback form (spec §3, §5): a valid e-mail and 1-1000 characters of text. */
export const FeedbackRequest = z.object({
  email: emailField,
  content: requiredString('feedbackRequired')
    .trim()
    .min(1, 'feedbackRequired')
    .max(LIMITS.feedbackMax, 'feedbackTooLong'),
});
export type FeedbackRequest = z.infer<typeof FeedbackRequest>;
export type SendCodeResult = z.infer<typeof SendCodeResult>;
