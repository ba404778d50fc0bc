import { type Identity, LIMITS, type Source } from '@medx/contract';
import { Col, type ColProps, Form, Input, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { useAccountOptions } from '../login/account-options';
import { useZodRule } from '../login/zod-rule';

export type ProfileFieldName = 'identity' | 'source' | 'organization' | 'research_field';

export interface ProfileFieldsProps {
  /** The request schema's fields that validate each input (sign-up or change-info). */
  fields: Record<ProfileFieldName, ZodType>;
  /** Grid sizes of each field's column; render inside a `Row`. */
  col: ColProps;
  /** The order of the columns. */
  order: readonly ProfileFieldName[];
  /** Marks identity as required. */
  identityRequired?: boolean;
  /** Lets the source be cleared. */
  sourceClearable?: boolean;
}

/** The profile part of sign-up and edit-info: identity, source, organization and research field. */
export function ProfileFields({ fields, col, order, identityRequired, sourceClearable }: ProfileFieldsProps) {
  const { t } = useTranslation('auth');
  const rule = useZodRule();
  const { identities, sources } = useAccountOptions();

  const items: Record<ProfileFieldName, ReactNode> = {
    identity: (
      <Form.Item name="identity" label={t('identityLabel')} required={identityRequired} rules={[rule(fields.identity)]}>
        <Select<Identity> data-testid="identity-select" placeholder={t('identityPlaceholder')} options={identities} />
      </Form.Item>
    ),
    source: (
      <Form.Item name="source" label={t('sourceLabel')} rules={[rule(fields.source)]}>
        <Select<Source>
          data-testid="source-select"
          placeholder={t('sourcePlaceholder')}
          options={sources}
          allowClear={sourceClearable}
        />
      </Form.Item>
    ),
    organization: (
      <Form.Item name="organization" label={t('organizationLabel')} rules={[rule(fields.organization)]}>
        <Input
          data-testid="organization-input"
          placeholder={t('organizationPlaceholder')}
          autoComplete="organization"
          maxLength={LIMITS.textFieldMax}
        />
      </Form.Item>
    ),
    research_field: (
      <Form.Item name="research_field" label={t('researchFieldLabel')} rules={[rule(fields.research_field)]}>
        <Input
          data-testid="research-field-input"
          placeholder={t('researchFieldPlaceholder')}
          maxLength={LIMITS.textFieldMax}
        />
      </Form.Item>
    ),
  };

  return order.map((name) => (
    <Col key={name} {...col}>
      {items[name]}
    </Col>
  ));
}
