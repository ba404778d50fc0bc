import { DeleteOutlined, SettingOutlined } from '@ant-design/icons';
import { App, Button, Divider, Input, Select, Space, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PanelButton } from '../../viewer/toolbar/buttons';
import { useToolbar } from '../../viewer/toolbar/toolbar-context';
import {
  applyBuiltInPreset,
  applyPresetState,
  builtInPresets,
  capturePreset,
  targetStructures,
} from './molstar-presets';
import { type CustomPreset, presetName, withoutPreset, withPreset } from './preset-model';
import { loadPresets, storePresets } from './preset-storage';

const PRESET_MENU = 'structure-preset';

function newId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * The Apply or Save Structure Preset dropdown (viewer spec §2, §3, §5, §8, §9): Mol*'s structure
 * presets, the custom presets kept in this browser (apply, delete) and saving the current
 * components and camera as a named preset. Presets go to the selected structures on screen.
 */
function PresetPanel() {
  const { t } = useTranslation('presets');
  const { plugin, state, setOpenMenu } = useToolbar();
  const { message } = App.useApp();
  const [presets, setPresets] = useState<CustomPreset[]>(() => loadPresets());
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState(false);
  const [builtIn, setBuiltIn] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const builtIns = useMemo(() => builtInPresets(plugin), [plugin]);
  const disabled = working || state.busy;

  // Applying closes the dropdown (the view changes behind it); saving and deleting keep it open.
  const close = () => setOpenMenu((current) => (current === PRESET_MENU ? null : current));

  const persist = (next: CustomPreset[]) => {
    storePresets(next);
    setPresets(next);
  };

  const save = () => {
    const trimmed = presetName(name);
    if (!trimmed) {
      setNameError(true);
      void message.warning(t('messages.nameRequired'));
      return;
    }
    const structures = targetStructures(plugin);
    if (structures.length === 0) {
      void message.warning(t('messages.noVisibleStructures'));
      return;
    }
    try {
      const captured = capturePreset(plugin, structures);
      if (captured.presetData.length === 0) throw new Error('nothing shown to keep');
      persist(withPreset(presets, { id: newId(), name: trimmed, state: captured }));
      setName('');
      setNameError(false);
      void message.success(t('messages.saved', { name: trimmed }));
    } catch (error) {
      console.error(error);
      void message.error(t('messages.saveFailed'));
    }
  };

  const apply = async (preset: CustomPreset) => {
    close();
    const structures = targetStructures(plugin);
    if (structures.length === 0) {
      void message.warning(t('messages.noVisibleStructures'));
      return;
    }
    setWorking(true);
    try {
      await applyPresetState(plugin, structures, preset.state);
      void message.success(t('messages.applied', { name: preset.name }));
    } catch (error) {
      console.error(error);
      void message.error(t('messages.applyFailed'));
    } finally {
      setWorking(false);
    }
  };

  const applyStructurePreset = async () => {
    if (!builtIn) return;
    close();
    const structures = targetStructures(plugin);
    if (structures.length === 0) {
      void message.warning(t('messages.noVisibleStructures'));
      return;
    }
    setWorking(true);
    try {
      await applyBuiltInPreset(plugin, structures, builtIn);
      const label = builtIns.find((p) => p.id === builtIn)?.name ?? builtIn;
      void message.success(t('messages.structureApplied', { name: label }));
    } catch (error) {
      console.error(error);
      void message.error(t('messages.structureApplyFailed'));
    } finally {
      setWorking(false);
    }
  };

  const remove = (preset: CustomPreset) => {
    try {
      persist(withoutPreset(presets, preset.id));
      void message.success(t('messages.deleted', { name: preset.name }));
    } catch (error) {
      console.error(error);
      void message.error(t('messages.saveFailed'));
    }
  };

  return (
    <div style={{ width: 300, display: 'flex', flexDirection: 'column', gap: 8 }}>
      <Typography.Text strong>{t('structure.title')}</Typography.Text>
      <Space.Compact style={{ width: '100%' }}>
        <Select
          style={{ flex: 1 }}
          size="small"
          placeholder={t('structure.placeholder')}
          value={builtIn}
          onChange={setBuiltIn}
          options={builtIns.map((p) => ({ value: p.id, label: p.name }))}
          data-testid="preset-structure-select"
          aria-label={t('structure.placeholder')}
          getPopupContainer={(trigger) => trigger.parentElement ?? document.body}
        />
        <Button
          size="small"
          onClick={() => void applyStructurePreset()}
          disabled={disabled || !builtIn}
          data-testid="preset-structure-apply"
        >
          {t('apply')}
        </Button>
      </Space.Compact>

      <Divider style={{ margin: '4px 0' }} />
      <Typography.Text strong>{t('custom.title')}</Typography.Text>
      {presets.length === 0 ? (
        <Typography.Text type="secondary" data-testid="preset-empty">
          {t('custom.empty')}
        </Typography.Text>
      ) : (
        <div
          data-testid="preset-list"
          style={{ display: 'flex', flexDirection: 'column', gap: 4, maxHeight: 220, overflowY: 'auto' }}
        >
          {presets.map((preset) => (
            <div
              key={preset.id}
              data-testid="preset-item"
              data-name={preset.name}
              style={{ display: 'flex', alignItems: 'center', gap: 4 }}
            >
              <Typography.Text ellipsis style={{ flex: 1 }} title={preset.name}>
                {preset.name}
              </Typography.Text>
              <Button
                size="small"
                onClick={() => void apply(preset)}
                disabled={disabled}
                data-testid="preset-apply"
                aria-label={t('custom.applyNamed', { name: preset.name })}
              >
                {t('apply')}
              </Button>
              <Tooltip title={t('custom.delete')}>
                <Button
                  size="small"
                  danger
                  type="text"
                  icon={<DeleteOutlined />}
                  onClick={() => remove(preset)}
                  disabled={disabled}
                  data-testid="preset-delete"
                  aria-label={t('custom.deleteNamed', { name: preset.name })}
                />
              </Tooltip>
            </div>
          ))}
        </div>
      )}

      <Divider style={{ margin: '4px 0' }} />
      <Typography.Text strong>{t('save.title')}</Typography.Text>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          size="small"
          value={name}
          status={nameError ? 'error' : undefined}
          placeholder={t('save.placeholder')}
          aria-label={t('save.placeholder')}
          maxLength={60}
          onChange={(event) => {
            setName(event.target.value);
            if (nameError && presetName(event.target.value)) setNameError(false);
          }}
          onPressEnter={save}
          data-testid="preset-name"
        />
        <Button size="small" type="primary" onClick={save} disabled={disabled} data-testid="preset-save">
          {t('save.button')}
        </Button>
      </Space.Compact>
      {nameError && (
        <Typography.Text type="danger" data-testid="preset-name-error">
          {t('messages.nameRequired')}
        </Typography.Text>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('save.hint')}
      </Typography.Text>
    </div>
  );
}

/** Med View's Apply or Save Structure Preset item (toolbar slot `panel`). */
export function StructurePresetButton() {
  const { t } = useTranslation('presets');
  return <PanelButton id={PRESET_MENU} title={t('button')} icon={<SettingOutlined />} content={<PresetPanel />} />;
}
