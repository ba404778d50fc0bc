import { DOCKING_LIGAND_TYPES, DOCKING_PROTEIN_TYPES, type ProjectFile } from '@medx/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Segmented, Steps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { dockingApi } from '../../api/docking';
import { screeningApi } from '../../api/screening';
import { WizardFooter } from '../../workspace/components/WizardFooter';
import { layoutActions } from '../../workspace/layout/layout-store';
import { useWorkspace } from '../../workspace/workspace-context';
import { jobsKey } from '../jobs';
import { ConfirmStep, type SettingsValues } from './ConfirmStep';
import { DockingFilePicker } from './DockingFilePicker';
import { LibraryConfirmStep } from './LibraryConfirmStep';
import { LibraryStep } from './LibraryStep';
import {
  DEFAULT_LIBRARY_SETTINGS,
  EMPTY_LIBRARY,
  type LibrarySelection,
  type LibrarySettingsValues,
  libraryFiles,
  SCREENING_RESULT_WINDOW,
  toScreeningRequest,
  type WizardMode,
  withScreeningJob,
} from './library-rules';
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
 * The ligand step also switches to "Screen a library" (library-rules.ts): library files instead
 * of ligands, fewer settings, and the new screen opens in the Screening Result window.
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
  const [mode, setMode] = useState<WizardMode>('dock');
  const [library, setLibrary] = useState<LibrarySelection>(EMPTY_LIBRARY);
  const [libraryForm] = Form.useForm<LibrarySettingsValues>();
  const [, setParams] = useSearchParams();
  const step = WIZARD_STEPS[state.step];

  const pickProtein = (files: ProjectFile[]) => {
    setProtein(files);
    setState((s) => ({ ...s, proteinIds: files.map((f) => f.id) }));
  };
  const pickLigands = (files: ProjectFile[]) => {
    setLigands(files);
    setState((s) => ({ ...s, ligandIds: files.map((f) => f.id) }));
  };
  // In library mode the wizard's ligandIds hold every library file, so its Next rule stays one rule.
  const pickLibrary = (next: LibrarySelection) => {
    setLibrary(next);
    setState((s) => ({ ...s, ligandIds: libraryFiles(next).map((f) => f.id) }));
  };
  const switchMode = (next: WizardMode) => {
    setMode(next);
    const chosen = next === 'library' ? libraryFiles(library) : ligands;
    setState((s) => ({ ...s, ligandIds: chosen.map((f) => f.id) }));
  };

  // Dock selected in TransMol Result: start over with its ligand file chosen.
  usePreselectedLigands((files) => {
    setMode('dock');
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
    setLibrary(EMPTY_LIBRARY);
    // Only the shown form is connected (antd warns about the other).
    if (mode === 'library') libraryForm.setFieldsValue(DEFAULT_LIBRARY_SETTINGS);
    else form.setFieldsValue(DEFAULT_SETTINGS);
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

  /** Library mode: the screen is submitted, then shown in the Screening Result window (?jobType=SCREENING&jobId=). */
  const submitLibrary = async (values: LibrarySettingsValues) => {
    const chosen = protein[0];
    if (!chosen) return;
    setSubmitting(true);
    const answer = await screeningApi.submit(toScreeningRequest(project.id, chosen.id, library, state.pocket, values));
    setSubmitting(false);
    if (!answer.success || !answer.data) return; // the client showed the error
    message.success(answer.msg || t('msg:submitSuccess'));
    const jobId = answer.data.job_id;
    setParams((current) => withScreeningJob(current, jobId), { replace: false });
    await queryClient.invalidateQueries({ queryKey: jobsKey });
    reset();
    layoutActions.show(SCREENING_RESULT_WINDOW);
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
            <Segmented<WizardMode>
              value={mode}
              onChange={switchMode}
              options={[
                { value: 'dock', label: <span data-testid="docking-mode-dock">{t('screening:wizard.modeDock')}</span> },
                {
                  value: 'library',
                  label: <span data-testid="docking-mode-library">{t('screening:wizard.modeLibrary')}</span>,
                },
              ]}
              style={{ marginBottom: 8 }}
              data-testid="docking-mode"
            />
            {mode === 'library' ? (
              <LibraryStep projectId={project.id} value={library} onChange={pickLibrary} />
            ) : (
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
          </>
        )}
        {step === 'pocket' && (
          <PocketStep
            projectId={project.id}
            protein={protein[0] ?? null}
            // A library (thousands of molecules, or SMILES) is no reference to draw a box around.
            ligands={mode === 'library' ? [] : ligands}
            pocket={state.pocket}
            onChange={(pocket) => setState((s) => ({ ...s, pocket }))}
          />
        )}
        {step === 'confirm' && mode === 'library' && (
          <LibraryConfirmStep
            form={libraryForm}
            protein={protein[0] ?? null}
            library={library}
            pocket={state.pocket}
            onSubmit={(values) => void submitLibrary(values)}
          />
        )}
        {step === 'confirm' && mode === 'dock' && (
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
        onSubmit={() => (mode === 'library' ? libraryForm : form).submit()}
      />
    </div>
  );
}
