import { Button as AntButton, App, Checkbox, ColorPicker, Form, Input, InputNumber, Modal, Select } from 'antd';
import { PluginCommands } from 'molstar/lib/mol-plugin/commands';
import type { PluginContext } from 'molstar/lib/mol-plugin/context';
import type { StructureMeasurementCell } from 'molstar/lib/mol-plugin-state/manager/structure/measurement';
import { PluginReactContext } from 'molstar/lib/mol-plugin-ui/base';
import { angleLabel, dihedralLabel, distanceLabel, lociLabel } from 'molstar/lib/mol-theme/label';
import { useContext, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  colorNumber,
  hexColor as hex,
  inStyleBounds,
  type MeasurementStyle,
  STYLE_MAX,
  STYLE_MIN,
  type StyledKind,
  styleFromParams,
  styleParams,
} from './measurement-style';

/** The dialog's own fields per measurement (Mol* keeps only the composed text), by representation ref. */
const remembered = new WeakMap<PluginContext, Map<string, Partial<MeasurementStyle>>>();

function memoryOf(plugin: PluginContext): Map<string, Partial<MeasurementStyle>> {
  let map = remembered.get(plugin);
  if (!map) {
    map = new Map();
    remembered.set(plugin, map);
  }
  return map;
}

interface Entry {
  ref: string;
  kind: StyledKind;
  cell: StructureMeasurementCell;
}

const KIND_GROUPS = { label: 'labels', distance: 'distances', angle: 'angles', dihedral: 'dihedrals' } as const;

function entries(plugin: PluginContext): Entry[] {
  const state = plugin.managers.structure.measurement.state;
  const list: Entry[] = [];
  for (const kind of Object.keys(KIND_GROUPS) as StyledKind[]) {
    for (const cell of state[KIND_GROUPS[kind]]) {
      if (cell.obj) list.push({ ref: cell.transform.ref, kind, cell });
    }
  }
  return list;
}

/** The measured value and its unit, as Mol* draws them (two decimals). */
function measuredValue(plugin: PluginContext, entry: Entry): { value: string; unit: string; label: string } {
  // biome-ignore lint/suspicious/noExplicitAny: Mol*'s source data differs per measurement kind.
  const data = entry.cell.obj?.data.sourceData as any;
  const unitLabel = plugin.managers.structure.measurement.state.options.distanceUnitLabel;
  if (entry.kind === 'distance' && data?.pairs?.[0]) {
    const value = distanceLabel(data.pairs[0], { measureOnly: true, unitLabel: '' }).trim();
    return { value, unit: ` ${unitLabel}`, label: `${value} ${unitLabel}` };
  }
  if (entry.kind === 'angle' && data?.triples?.[0]) {
    const value = angleLabel(data.triples[0], { measureOnly: true }).replace('\u00B0', '');
    return { value, unit: '\u00B0', label: `${value}\u00B0` };
  }
  if (entry.kind === 'dihedral' && data?.quads?.[0]) {
    const value = dihedralLabel(data.quads[0], { measureOnly: true }).replace('\u00B0', '');
    return { value, unit: '\u00B0', label: `${value}\u00B0` };
  }
  if (entry.kind === 'label' && data?.infos?.[0]) {
    const value = lociLabel(data.infos[0].loci, { condensed: true, htmlStyling: false });
    return { value, unit: '', label: value };
  }
  return { value: '', unit: '', label: '' };
}

interface FormValues {
  ref: string;
  linesColor: unknown;
  sizeFactor: number | null;
  customText: string;
  textSize: number | null;
  textColor: unknown;
  showValue: boolean;
  showUnit: boolean;
  showLabel: boolean;
}

function StyleDialog({ plugin, open, onClose }: { plugin: PluginContext; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('presets');
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [list, setList] = useState<Entry[]>(() => entries(plugin));
  const [working, setWorking] = useState(false);
  const ref = Form.useWatch('ref', form);
  const entry = list.find((e) => e.ref === ref);

  useEffect(() => {
    const sub = plugin.managers.structure.measurement.behaviors.state.subscribe(() => setList(entries(plugin)));
    return () => sub.unsubscribe();
  }, [plugin]);

  const valuesOf = (target: Entry | undefined): Partial<FormValues> | undefined => {
    if (!target) return undefined;
    const params = (target.cell.transform.params ?? {}) as Record<string, unknown>;
    const style = styleFromParams(params, memoryOf(plugin).get(target.ref));
    return { ref: target.ref, ...style, linesColor: hex(style.linesColor), textColor: hex(style.textColor) };
  };
  const fill = (target: Entry | undefined) => {
    const values = valuesOf(target);
    if (values) form.setFieldsValue(values);
  };
  // Opening shows the newest measurement.
  const [initialValues] = useState(() => valuesOf(list[list.length - 1]));

  const current = (): Entry | null => {
    const found = entries(plugin).find((e) => e.ref === form.getFieldValue('ref'));
    return found?.cell.obj ? found : null;
  };

  const save = async () => {
    let values: FormValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // the fields show what is wrong
    }
    const target = current();
    if (!target) {
      void message.error(t('measurementStyle.messages.notFound'));
      return;
    }
    const style: MeasurementStyle = {
      linesColor: colorNumber(values.linesColor, 0x90ee90),
      sizeFactor: values.sizeFactor as number,
      textSize: values.textSize as number,
      textColor: colorNumber(values.textColor, 0),
      customText: values.customText ?? '',
      showValue: !!values.showValue,
      showUnit: !!values.showUnit,
      showLabel: !!values.showLabel,
    };
    const { value, unit } = measuredValue(plugin, target);
    const params = (target.cell.transform.params ?? {}) as Record<string, unknown>;
    const visuals = Array.isArray(params.visuals) ? (params.visuals as string[]) : [];
    setWorking(true);
    try {
      const patch = styleParams(target.kind, style, value, unit, visuals);
      await plugin
        .build()
        .to(target.ref)
        .update((old: Record<string, unknown>) => ({ ...old, ...patch }))
        .commit();
      memoryOf(plugin).set(target.ref, {
        customText: style.customText,
        showValue: style.showValue,
        showUnit: style.showUnit,
        showLabel: style.showLabel,
      });
      void message.success(t('measurementStyle.messages.updated'));
      onClose();
    } catch (error) {
      console.error(error);
      void message.error(t('measurementStyle.messages.updateFailed'));
    } finally {
      setWorking(false);
    }
  };

  const remove = async () => {
    const target = current();
    if (!target?.cell.parent) {
      void message.error(t('measurementStyle.messages.notFound'));
      return;
    }
    setWorking(true);
    try {
      await PluginCommands.State.RemoveObject(plugin, {
        state: target.cell.parent,
        ref: target.cell.transform.parent,
        removeParentGhosts: true,
      });
      memoryOf(plugin).delete(target.ref);
      void message.success(t('measurementStyle.messages.deleted'));
      const rest = entries(plugin);
      if (rest.length === 0) onClose();
      else fill(rest[rest.length - 1]);
    } catch (error) {
      console.error(error);
      void message.error(t('measurementStyle.messages.deleteFailed'));
    } finally {
      setWorking(false);
    }
  };

  const bounded = (field: string) => ({
    validator: (_: unknown, v: unknown) =>
      inStyleBounds(v)
        ? Promise.resolve()
        : Promise.reject(new Error(t('measurementStyle.bounds', { field, min: STYLE_MIN, max: STYLE_MAX }))),
  });

  const options = list.map((e) => ({
    value: e.ref,
    label: `${t(`measurementStyle.kinds.${e.kind}`)}: ${measuredValue(plugin, e).label}`,
  }));
  const lineColour = entry?.kind === 'angle' || entry?.kind === 'dihedral';

  return (
    <Modal
      open={open}
      title={t('measurementStyle.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <AntButton
          key="delete"
          danger
          onClick={() => void remove()}
          disabled={working || !entry}
          data-testid="measurement-style-delete"
        >
          {t('measurementStyle.delete')}
        </AntButton>,
        <AntButton key="cancel" onClick={onClose}>
          {t('measurementStyle.cancel')}
        </AntButton>,
        <AntButton
          key="save"
          type="primary"
          onClick={() => void save()}
          loading={working}
          disabled={!entry}
          data-testid="measurement-style-save"
        >
          {t('measurementStyle.save')}
        </AntButton>,
      ]}
    >
      <Form
        form={form}
        initialValues={initialValues}
        layout="vertical"
        size="small"
        data-testid="measurement-style-form"
        onFinish={() => void save()}
        onValuesChange={(changed: Partial<FormValues>) => {
          if (changed.ref) fill(entries(plugin).find((e) => e.ref === changed.ref));
        }}
      >
        <Form.Item name="ref" label={t('measurementStyle.measurement')}>
          <Select options={options} data-testid="measurement-style-select" />
        </Form.Item>
        {lineColour && (
          <Form.Item name="linesColor" label={t('measurementStyle.linesColor')}>
            <ColorPicker disabledAlpha showText />
          </Form.Item>
        )}
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item
            name="sizeFactor"
            label={t('measurementStyle.sizeFactor')}
            rules={[bounded(t('measurementStyle.sizeFactor'))]}
            style={{ flex: 1 }}
          >
            <InputNumber step={0.1} style={{ width: '100%' }} data-testid="measurement-style-size-factor" />
          </Form.Item>
          <Form.Item
            name="textSize"
            label={t('measurementStyle.textSize')}
            rules={[bounded(t('measurementStyle.textSize'))]}
            style={{ flex: 1 }}
          >
            <InputNumber step={0.1} style={{ width: '100%' }} data-testid="measurement-style-text-size" />
          </Form.Item>
        </div>
        <Form.Item name="customText" label={t('measurementStyle.customText')}>
          <Input maxLength={80} data-testid="measurement-style-custom-text" onPressEnter={() => void save()} />
        </Form.Item>
        <Form.Item name="textColor" label={t('measurementStyle.textColor')}>
          <ColorPicker disabledAlpha showText />
        </Form.Item>
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item name="showValue" valuePropName="checked" noStyle>
            <Checkbox data-testid="measurement-style-show-value">{t('measurementStyle.showValue')}</Checkbox>
          </Form.Item>
          <Form.Item name="showUnit" valuePropName="checked" noStyle>
            <Checkbox data-testid="measurement-style-show-unit">{t('measurementStyle.showUnit')}</Checkbox>
          </Form.Item>
          <Form.Item name="showLabel" valuePropName="checked" noStyle>
            <Checkbox data-testid="measurement-style-show-label">{t('measurementStyle.showLabel')}</Checkbox>
          </Form.Item>
        </div>
      </Form>
    </Modal>
  );
}

/**
 * The entry to the measurement style dialog, under Mol*'s Measurements section (viewer spec §3,
 * §4, §8): line colour of angles and dihedrals, size factor and text size (0.1 to 5), custom
 * text, text colour, show value, unit and label, and deleting the measurement.
 */
export function MeasurementStyleEntry() {
  const { t } = useTranslation('presets');
  const plugin = useContext(PluginReactContext);
  const [open, setOpen] = useState(false);
  const [count, setCount] = useState(() => entries(plugin).length);

  useEffect(() => {
    const sub = plugin.managers.structure.measurement.behaviors.state.subscribe(() => setCount(entries(plugin).length));
    return () => sub.unsubscribe();
  }, [plugin]);

  const title = useMemo(() => (count > 0 ? t('measurementStyle.open') : t('measurementStyle.none')), [count, t]);

  return (
    <>
      <div className="msp-flex-row" style={{ marginTop: 2 }}>
        <button
          type="button"
          className="msp-btn msp-btn-block"
          onClick={() => setOpen(true)}
          disabled={count === 0}
          title={title}
          data-testid="measurement-style-open"
        >
          {t('measurementStyle.open')}
        </button>
      </div>
      {open && <StyleDialog plugin={plugin} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}
