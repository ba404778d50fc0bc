import { isMessageKey } from '@medx/contract';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { ZodType } from 'zod';

/**
 * Runs a contract field schema on a value: rejects with the catalogue message (translated in
 * the `msg` namespace) the server would answer, so web forms and server refuse alike.
 */
export function zodCheck(schema: ZodType, t: TFunction): (value: unknown) => Promise<void> {
  return async (value) => {
    const result = schema.safeParse(value ?? undefined);
    if (result.success) return;
    const key = result.error.issues[0]?.message ?? 'invalidValue';
    throw new Error(isMessageKey(key) ? t(`msg:${key}`) : key);
  };
}

/** The same check as an antd form rule. */
export function zodRule(schema: ZodType, t: TFunction): FormRule {
  const check = zodCheck(schema, t);
  return { validator: (_rule, value: unknown) => check(value) };
}
