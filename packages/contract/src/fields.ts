import { z } from 'zod';
import { ID_MAX, LIMITS } from './limits';
import type { MessageKey } from './messages';

/**
 * Field builders whose error messages are catalogue keys, so the server answers
 * the spec's text in the caller's language and the web forms reuse the same rules.
 */
export const requiredString = (key: MessageKey = 'fieldRequired') =>
  z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? key : 'invalidValue') });

export const trimmedRequired = (key: MessageKey = 'fieldRequired') => requiredString(key).trim().min(1, key);

export const passwordField = requiredString('passwordRequired')
  .min(1, 'passwordRequired')
  .min(LIMITS.passwordMin, 'passwordLength')
  .max(LIMITS.passwordMax, 'passwordLength');

export const codeField = requiredString('codeRequired')
  .trim()
  .min(1, 'codeRequired')
  .regex(new RegExp(`^\\d{${LIMITS.codeLength}}$`), 'codeFormat');

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const emailField = requiredString('emailRequired')
  .trim()
  .toLowerCase()
  .min(1, 'emailRequired')
  .max(254, 'emailInvalid')
  .regex(EMAIL_RE, 'emailInvalid');

export const phoneField = requiredString('phoneRequired')
  .trim()
  .min(1, 'phoneRequired')
  .regex(/^\d{5,15}$/, 'phoneInvalid');

export const regionField = z
  .string({ error: 'phoneIncomplete' })
  .trim()
  .regex(/^\d{1,4}$/, 'phoneIncomplete');

export const shareCodeField = requiredString('shareCodeLength')
  .length(LIMITS.shareCodeLength, 'shareCodeLength')
  .regex(/^[A-Za-z0-9]+$/, 'shareCodeChars');

export const projectNameField = trimmedRequired('projectNameRequired').max(LIMITS.projectNameMax, 'projectNameTooLong');

/** A row id in a JSON body (project_id, file ids): a positive integer within the databases' range. */
export const bodyIdField = z
  .number({ error: 'fieldRequired' })
  .int('invalidValue')
  .positive('invalidValue')
  .max(ID_MAX, 'invalidValue');

export const idParam = z.coerce.number({ error: 'notFound' }).int('notFound').positive('notFound');

export const optionalText = (max: number = LIMITS.textFieldMax) =>
  z.string({ error: 'invalidValue' }).trim().max(max, 'textTooLong').optional();

/** Query-string integers (page, limit): strings on the wire. */
export const pageField = z.coerce
  .number({ error: 'invalidValue' })
  .int('invalidValue')
  .min(1, 'invalidValue')
  .default(1);
export const limitField = (fallback: number) =>
  z.coerce
    .number({ error: 'invalidValue' })
    .int('invalidValue')
    .min(1, 'invalidValue')
    .max(LIMITS.maxPageSize, 'invalidValue')
    .default(fallback);
