import type { MessageKey } from '@medx/contract';
import type { FormRule } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { zodCheck, zodRule } from '../../lib/zod-rule';
import type { FieldCheck } from '../../ui-light/form-store';

/** Resolves a catalogue key (namespace 'msg') to its text in the current language. */
export type MessageResolver = (key: MessageKey) => string;

/**
 * The shared zod → antd adapter (`lib/zod-rule`) bound to the current language:
 * `const rule = useZodRule(); <Form.Item required rules={[rule(passwordField)]}>`.
 * Mark required fields with Form.Item's `required`: the schema alone decides validity.
 */
export function useZodRule(): (schema: ZodType) => FormRule {
  const { t } = useTranslation();
  return useCallback((schema: ZodType) => zodRule(schema, t), [t]);
}

/** The same for the light fields of the login page: `checks={[check(passwordField)]}`. */
export function useZodCheck(): (schema: ZodType) => FieldCheck {
  const { t } = useTranslation();
  return useCallback((schema: ZodType) => zodCheck(schema, t), [t]);
}

/** Catalogue texts outside form rules (toasts, the confirmation rule). */
export function useMessageText(): MessageResolver {
  const { t } = useTranslation();
  return useCallback((key: MessageKey) => t(`msg:${key}`), [t]);
}
