import { DOCKING_LIGAND_TYPES, DOCKING_PROTEIN_TYPES, type ProjectFile } from '@medx/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Steps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dockingApi } from '../../api/docking';
import { WizardFooter } from '../../workspace/components/WizardFooter';
import { useWorkspace } from '../../workspace/workspace-context';
import { jobsKey } from '../jobs';
import { ConfirmStep, type SettingsValues } from './ConfirmStep';
import { DockingFilePicker } from './DockingFilePicker';
import { PocketStep } from './PocketStep';
import { usePreselectedLigands } from './use-preselected-ligands';
import {
  canGoNext,
  DEFAULT_SETTINGS,
  INITIAL_WIZARD,
  next,
  previous,
  roundPocket,
  WIZARD_STEPS,
  type WizardState,
  withLigands,
} from './wizard-rules';
import './docking.css';

/**
 * The Docking window (spec §4 Docking wizard): protein → ligands → pocket → confirmation.
 * Next needs one protein, at least one ligand and a non-zero pocket; Previous from the pocket
 * clears the box; 'Submit success!' resets to the first step.
 */
export function DockingWindow() {
  const { t } = useTranslation('docking');
  const { message } = App.useApp();
  const { project, readOnly } = useWorkspace();
  const queryClient = useQueryClient();
  const [state, setState] = useState<WizardState>(INITIAL_WIZARD);
  const [protein, setProtein] = useState<ProjectFile[]>([]);
  const [ligands, setLigands] = useState<ProjectFile[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const [form] = Form.useForm<SettingsValues>();
  const step = WIZARD_STEPS[state.step];

  const pickProtein = (files: ProjectFile[]) => {
    setProtein(files);
    setState((s) => ({ ...s, proteinIds: files.map((f) => f.id) }));
  };
  const pickLigands = (files: ProjectFile[]) => {
    setLigands(files);
    setState((s) => ({ ...s, ligandIds: files.map((f) => f.id) }));
  };

  // Dock selected in TransMol Result: start over with its ligand file chosen.
  usePreselectedLigands((files) => {
    setLigands(files);
    setState((s) =>
      withLigands(
        s,
        files.map((f) => f.id),
      ),
    );
  });

  const reset = () => {
    setState(INITIAL_WIZARD);
    setProtein([]);
    setLigands([]);
    form.setFieldsValue(DEFAULT_SETTINGS);
  };

  const submit = async (values: SettingsValues) => {
    const chosen = protein[0];
    if (!chosen) return;
    setSubmitting(true);
    const answer = await dockingApi.submit({
      project_id: project.id,
      protein_id: chosen.id,
      ligand_ids: ligands.map((l) => l.id),
      pocket: roundPocket(state.pocket),
      settings: { ...values, job_name: values.job_name?.trim() || undefined },
    });
    setSubmitting(false);
    if (!answer.success) return; // the client showed the error
    message.success(answer.msg || t('msg:submitSuccess'));
    await queryClient.invalidateQueries({ queryKey: jobsKey });
    reset();
  };

  return (
    <div className="medx-docking" data-testid="docking-window">
      <Steps
        size="small"
        current={state.step}
        items={WIZARD_STEPS.map((s) => ({ key: s, title: t(`steps.${s}`) }))}
        style={{ marginBottom: 12 }}
      />
      <div className="medx-docking-body">
        {step === 'protein' && (
          <>
            <Typography.Paragraph type="secondary">
              {t('protein.help', { types: DOCKING_PROTEIN_TYPES.join(', ') })}
            </Typography.Paragraph>
            <DockingFilePicker
              projectId={project.id}
              fileTypes={DOCKING_PROTEIN_TYPES}
              value={protein}
              onChange={pickProtein}
              testIdPrefix="docking-protein"
            />
          </>
        )}
        {step === 'ligands' && (
          <>
            <Typography.Paragraph type="secondary">
              {t('ligands.help', { types: DOCKING_LIGAND_TYPES.join(', ') })}
            </Typography.Paragraph>
            <DockingFilePicker
              projectId={project.id}
              fileTypes={DOCKING_LIGAND_TYPES}
              multiple
              ligandsOnly
              value={ligands}
              onChange={pickLigands}
              testIdPrefix="docking-ligand"
            />
          </>
        )}
        {step === 'pocket' && (
          <PocketStep
            projectId={project.id}
            protein={protein[0] ?? null}
            ligands={ligands}
            pocket={state.pocket}
            onChange={(pocket) => setState((s) => ({ ...s, pocket }))}
          />
        )}
        {step === 'confirm' && (
          <ConfirmStep
            form={form}
            protein={protein[0] ?? null}
            ligands={ligands}
            pocket={state.pocket}
            onSubmit={submit}
          />
        )}
      </div>
      <WizardFooter
        testPrefix="docking"
        className="medx-docking-footer"
        labels={{ previous: t('previous'), next: t('next'), submit: t('submit') }}
        canGoBack={state.step !== 0}
        onPrevious={() => setState(previous)}
        last={step === 'confirm'}
        canGoNext={canGoNext(state)}
        onNext={() => setState(next)}
        submitting={submitting}
        submitDisabled={readOnly}
        onSubmit={() => form.submit()}
      />
    </div>
  );
}
