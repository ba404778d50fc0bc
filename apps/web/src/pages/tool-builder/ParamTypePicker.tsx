import type { BuilderParamType } from '@medx/contract';
import { Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PARAM_TYPE_GROUPS } from './param-types';

interface ParamTypePickerProps {
  open: boolean;
  onPick: (type: BuilderParamType) => void;
  onClose: () => void;
}

/** The 18 param types, grouped, each with a line saying what it is for. */
export function ParamTypePicker({ open, onPick, onClose }: ParamTypePickerProps) {
  const { t } = useTranslation('toolBuilder');
  return (
    <Modal
      open={open}
      title={t('params.pickType')}
      onCancel={onClose}
      footer={null}
      width={760}
      destroyOnHidden
      data-testid="builder-param-type-picker"
    >
      {PARAM_TYPE_GROUPS.map((group) => (
        <section
          key={group.key}
          className="medx-builder-type-group"
          aria-labelledby={`builder-type-group-${group.key}`}
        >
          <Typography.Text strong id={`builder-type-group-${group.key}`}>
            {t(`params.groups.${group.key}`)}
          </Typography.Text>
          <div className="medx-builder-type-grid">
            {group.types.map((type) => (
              <Button
                key={type}
                className="medx-builder-type"
                onClick={() => onPick(type)}
                data-testid={`builder-param-type-${type}`}
              >
                <span className="medx-builder-type-name">{t(`types.${type}.label`)}</span>
                <span className="medx-builder-type-help">{t(`types.${type}.help`)}</span>
              </Button>
            ))}
          </div>
        </section>
      ))}
    </Modal>
  );
}
