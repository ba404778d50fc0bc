import { Empty, Select, Spin, Typography } from 'antd';
import { Structure } from 'molstar/lib/mol-model/structure';
import { PluginStateObject as PSO } from 'molstar/lib/mol-plugin-state/objects';
import { PluginReactContext } from 'molstar/lib/mol-plugin-ui/base';
import type { PluginUIContext } from 'molstar/lib/mol-plugin-ui/context';
import { Sequence } from 'molstar/lib/mol-plugin-ui/sequence/sequence';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useViewerPlugin } from '../../viewer/ViewerProvider';
import {
  changeSelection,
  messageKey,
  type Option,
  type RowKey,
  reconcileSelection,
  SEQUENCE_MODES,
  type SelectionChange,
  type SequenceSelection,
  sequenceNumberPeriod,
  sequenceRows,
} from './sequence-logic';
import { pluginOptionSource, sequenceRow, structureOf } from './sequence-source';

/** Bumps a counter when a structure is created, replaced or removed in the state tree. */
function useStructureVersion(plugin: PluginUIContext | null): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!plugin) return;
    const bump = ({ obj }: { obj?: { type: unknown } }) => {
      if (obj && obj.type === PSO.Molecule.Structure.type) setVersion((v) => v + 1);
    };
    const events = plugin.state.data.events.object;
    const subs = [events.created.subscribe(bump), events.updated.subscribe(bump), events.removed.subscribe(bump)];
    return () => {
      for (const sub of subs) sub.unsubscribe();
    };
  }, [plugin]);
  return version;
}

/**
 * The Sequence Viewer window (viewer spec §2, §4 "Sequence mode", §5, §9): Mol*'s sequence
 * widgets (residue, chain, element or hetero view; hover throttled to ~3 frames by Mol*'s
 * `Sequence`) under our own selectors: structure, mode (Chain / Polymers / Everything), and for a
 * single chain its entity, chain and instance.
 */
export function SequenceViewerWindow() {
  const { t } = useTranslation('sequence');
  const plugin = useViewerPlugin();
  if (!plugin) {
    return (
      <div className="medx-tile-empty" data-testid="sequence-viewer">
        <Spin />
      </div>
    );
  }
  return (
    <PluginReactContext.Provider value={plugin}>
      <SequenceViewerBody plugin={plugin} t={t} />
    </PluginReactContext.Provider>
  );
}

type Translate = ReturnType<typeof useTranslation>['t'];

function SequenceViewerBody({ plugin, t }: { plugin: PluginUIContext; t: Translate }) {
  const version = useStructureVersion(plugin);
  const source = useMemo(() => pluginOptionSource(plugin), [plugin]);
  const [choice, setChoice] = useState<SequenceSelection | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the trigger: the structures changed.
  useEffect(() => {
    setChoice((current) => reconcileSelection(current, source));
  }, [source, version]);

  const label = (text: string) => {
    const key = messageKey(text);
    return key ? t(`messages.${key}`) : text;
  };
  const options = <V extends string | number>(list: Option<V>[]) =>
    list.map(([value, text]) => ({ value, label: label(text), disabled: value === '' || value === -1 }));

  const state = choice ?? reconcileSelection(null, source);
  const structure = structureOf(plugin, state.structureRef);
  if (structure === Structure.Empty) {
    return (
      <section className="medx-window medx-sequence-viewer" data-testid="sequence-viewer" data-rows={0}>
        <div className="medx-tile-empty">
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('messages.noStructure')} />
        </div>
      </section>
    );
  }

  const change = (next: SelectionChange) => setChoice(changeSelection(state, next, source));
  const entities = source.entities(state.structureRef);
  const chains = source.chains(state.structureRef, state.modelEntityId);
  const operators = source.operators(state.structureRef, state.modelEntityId, state.chainGroupId);

  let rows: (RowKey & { key: string })[];
  let truncated = false;
  if (state.mode === 'single') {
    const chainLabel = chains.find(([id]) => id === state.chainGroupId)?.[1] ?? '';
    const entityLabel = entities.find(([id]) => id === state.modelEntityId)?.[1] ?? '';
    rows = [{ ...state, label: `${chainLabel} | ${entityLabel}`, key: 'single' }];
  } else {
    const found = sequenceRows(source, state.structureRef, state.mode);
    truncated = found.truncated;
    rows = found.rows.map((row) => ({ ...row, key: `${row.modelEntityId}/${row.chainGroupId}/${row.operatorKey}` }));
  }

  const rendered: ReactNode[] = rows.map((row) => {
    const data = sequenceRow(plugin, structure, row);
    return (
      <div key={row.key} className="medx-sequence-row" data-testid="sequence-row" data-kind={data?.kind ?? 'none'}>
        {state.mode !== 'single' && <div className="msp-sequence-chain-label">{label(row.label)}</div>}
        {data ? (
          <Sequence
            sequenceWrapper={data.wrapper}
            sequenceNumberPeriod={sequenceNumberPeriod(data.wrapper.length, data.lastNumber)}
          />
        ) : (
          <div className="msp-sequence-wrapper">{t('messages.noSequence')}</div>
        )}
      </div>
    );
  });

  return (
    <section
      className="medx-window medx-sequence-viewer"
      data-testid="sequence-viewer"
      data-rows={rows.length}
      data-mode={state.mode}
    >
      <div className="medx-window-toolbar medx-sequence-controls" role="toolbar" aria-label={t('controls')}>
        <Select
          size="small"
          aria-label={t('structure')}
          value={state.structureRef}
          options={options(source.structures())}
          onChange={(value) => change({ name: 'structure', value })}
          popupMatchSelectWidth={false}
          style={{ minWidth: 120, maxWidth: 220 }}
          data-testid="sequence-structure"
        />
        <Select
          size="small"
          aria-label={t('mode')}
          value={state.mode}
          options={SEQUENCE_MODES.map((mode) => ({ value: mode, label: t(`modes.${mode}`) }))}
          onChange={(value) => change({ name: 'mode', value })}
          style={{ width: 120 }}
          data-testid="sequence-mode"
        />
        {state.mode === 'single' && (
          <>
            <Select
              size="small"
              aria-label={t('entity')}
              value={state.modelEntityId}
              options={options(entities)}
              onChange={(value) => change({ name: 'entity', value })}
              popupMatchSelectWidth={false}
              style={{ minWidth: 120, maxWidth: 240 }}
              data-testid="sequence-entity"
            />
            <Select
              size="small"
              aria-label={t('chain')}
              value={state.chainGroupId}
              options={options(chains)}
              onChange={(value) => change({ name: 'chain', value })}
              popupMatchSelectWidth={false}
              style={{ minWidth: 100, maxWidth: 200 }}
              data-testid="sequence-chain"
            />
          </>
        )}
        {state.mode === 'single' && operators.length > 1 && (
          <Select
            size="small"
            aria-label={t('operator')}
            value={state.operatorKey}
            options={options(operators)}
            onChange={(value) => change({ name: 'operator', value })}
            popupMatchSelectWidth={false}
            style={{ minWidth: 100, maxWidth: 200 }}
            data-testid="sequence-operator"
          />
        )}
      </div>
      <div className="medx-window-body msp-plugin medx-sequence-body">
        <div className="msp-sequence">
          <div className="msp-sequence-wrapper-non-empty">{rendered}</div>
        </div>
        {truncated && (
          <Typography.Text type="secondary" className="medx-sequence-note">
            {t('truncated', { count: rows.length })}
          </Typography.Text>
        )}
      </div>
    </section>
  );
}

export default SequenceViewerWindow;
