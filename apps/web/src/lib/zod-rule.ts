import { isMessageKey } from '@medx/contract';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { ZodType } from 'zod';

/**
 * An antd form rule that runs a contract field schema, so the web forms and the server
 * refuse the same values with the same catalogue message (translated in the `msg` namespace).
 */
export function zodRule(schema: ZodType, t: TFunction): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? undefined);
      if (result.success) return;
      const key = result.error.issues[0]?.message ?? 'invalidValue';
      throw new Error(isMessageKey(key) ? t(`msg:${key}`) : key);
    },
  };
}
