import { CloseOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { PluginConfig } from 'molstar/lib/mol-plugin/config';
import { PluginReactContext } from 'molstar/lib/mol-plugin-ui/base';
import { CustomStructureControls } from 'molstar/lib/mol-plugin-ui/controls';
import { StructureComponentControls } from 'molstar/lib/mol-plugin-ui/structure/components';
import { StructureMeasurementsControls } from 'molstar/lib/mol-plugin-ui/structure/measurements';
import { StructureSourceControls } from 'molstar/lib/mol-plugin-ui/structure/source';
import { StructureSuperpositionControls } from 'molstar/lib/mol-plugin-ui/structure/superposition';
import { VolumeSourceControls, VolumeStreamingControls } from 'molstar/lib/mol-plugin-ui/structure/volume';
import { type ReactNode, useContext, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setRightPanel } from '../toolbar/toolbar-actions';
import { MeasurementStyleEntry } from './MeasurementStyle';
import { QuickStylesSection } from './QuickStylesSection';
import { type StructureToolsInputs, type StructureToolsSection, visibleSections } from './sections';

const SECTION_VIEWS: Record<StructureToolsSection, () => ReactNode> = {
  structure: () => <StructureSourceControls />,
  measurements: () => (
    <>
      <StructureMeasurementsControls />
      <MeasurementStyleEntry />
    </>
  ),
  superposition: () => <StructureSuperpositionControls />,
  quickStyles: () => <QuickStylesSection />,
  components: () => <StructureComponentControls />,
  volumeStreaming: () => <VolumeStreamingControls />,
  volume: () => <VolumeSourceControls />,
  custom: () => <CustomStructureControls />,
};

/**
 * The Structure Tools right panel (viewer spec §2), registered as `components.structureTools`:
 * Mol*'s section components in the spec's order (Quick Styles ours, with the spec's values; the
 * measurement style dialog's entry under Mol*'s Measurements), Superposition only with 2 or more structures,
 * Volume only with volumes. The close button hides the right region (the toolbar's Presets
 * toggle shows it again).
 */
export function StructureToolsPanel() {
  const { t } = useTranslation('toolbar');
  const plugin = useContext(PluginReactContext);
  const [inputs, setInputs] = useState<StructureToolsInputs>({ structures: 0, volumes: 0, volumeStreaming: false });

  useEffect(() => {
    const refresh = () => {
      const volumes = plugin.managers.volume.hierarchy.current;
      setInputs({
        structures: plugin.managers.structure.hierarchy.current.structures.length,
        volumes: volumes.volumes.length + volumes.lazyVolumes.length,
        volumeStreaming: !!plugin.config.get(PluginConfig.VolumeStreaming.Enabled),
      });
    };
    const subs = [
      plugin.managers.structure.hierarchy.behaviors.selection.subscribe(refresh),
      plugin.managers.volume.hierarchy.behaviors.selection.subscribe(refresh),
    ];
    refresh();
    return () => {
      for (const sub of subs) sub.unsubscribe();
    };
  }, [plugin]);

  const close = () => setRightPanel(plugin, false);

  const sections = visibleSections(inputs);
  return (
    <div data-testid="structure-tools" data-sections={sections.join(',')}>
      <div className="msp-section-header" style={{ display: 'flex', alignItems: 'center' }}>
        <span style={{ flex: 1 }}>{t('structureTools.title')}</span>
        <Tooltip title={t('structureTools.close')}>
          <Button
            size="small"
            type="text"
            icon={<CloseOutlined />}
            onClick={close}
            aria-label={t('structureTools.close')}
            data-testid="structure-tools-close"
          />
        </Tooltip>
      </div>
      {sections.map((section) => {
        const View = SECTION_VIEWS[section];
        return <View key={section} />;
      })}
    </div>
  );
}
