import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Steps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { transmolApi } from '../../api/transmol';
import { WizardFooter } from '../../workspace/components/WizardFooter';
import { useWorkspace } from '../../workspace/workspace-context';
import { jobsKey } from '../jobs';
import { ConfirmStep } from './ConfirmStep';
import { withTransMolJob } from './result-address';
import { SeedStep } from './SeedStep';
import { useSeedCheck } from './use-seed-check';
import {
  canGoNext,
  INITIAL_SETTINGS,
  INITIAL_WIZARD,
  nextStep,
  previousStep,
  RESET_SETTINGS,
  sameSeeds,
  TRANSMOL_STEPS,
  type TransMolSettings,
  toRequest,
  type WizardState,
} from './wizard-rules';
import './transmol.css';

/**
 * The TransMol window (spec §4 TransMol wizard): SMILES 1 → SMILES 2 → confirmation. Next waits
 * for the current SMILES to be non-empty and parsed by the server; Previous goes back. A
 * successful submit lists TransMol Result in the Window menu (?jobType=TRANSMOL_WORKFLOW) and
 * resets the wizard to step 1 with epsilon 1, number 10 and remain range 0-10.
 */
export function TransMolWindow() {
  const { t } = useTranslation('transmol');
  const { message } = App.useApp();
  const { project, readOnly } = useWorkspace();
  const queryClient = useQueryClient();
  const [, setParams] = useSearchParams();
  const [state, setState] = useState<WizardState>(INITIAL_WIZARD);
  const [settings, setSettings] = useState<TransMolSettings>(INITIAL_SETTINGS);
  const [submitting, setSubmitting] = useState(false);
  const [form] = Form.useForm<TransMolSettings>();
  const check1 = useSeedCheck(state.smiles1);
  const check2 = useSeedCheck(state.smiles2);
  const step = TRANSMOL_STEPS[state.step];
  const nextAllowed = canGoNext(state, check1, check2);
  const goNext = () => {
    if (nextAllowed) setState(nextStep);
  };

  const reset = () => {
    setState(INITIAL_WIZARD);
    setSettings(RESET_SETTINGS);
    form.setFieldsValue(RESET_SETTINGS);
  };

  const submit = async (values: TransMolSettings) => {
    setSubmitting(true);
    const answer = await transmolApi.submit(toRequest(project.id, state, { ...settings, ...values }));
    setSubmitting(false);
    if (!answer.success || !answer.data) return; // the client showed the server's message
    message.success(answer.msg || t('msg:submitSuccess'));
    const jobId = answer.data.job_id;
    setParams((current) => withTransMolJob(current, jobId), { replace: false });
    await queryClient.invalidateQueries({ queryKey: jobsKey });
    reset();
  };

  return (
    <div className="medx-transmol" data-testid="transmol-window">
      <Steps
        size="small"
        current={state.step}
        items={TRANSMOL_STEPS.map((s) => ({ key: s, title: t(`steps.${s}`) }))}
        style={{ marginBottom: 12 }}
      />
      <div className="medx-transmol-body">
        {state.step === 0 && <Typography.Paragraph>{t('intro')}</Typography.Paragraph>}
        {step === 'smiles1' && (
          <SeedStep
            key="smiles1"
            which={1}
            value={state.smiles1}
            onChange={(smiles1) => setState((s) => ({ ...s, smiles1 }))}
            check={check1}
            onEnter={goNext}
          />
        )}
        {step === 'smiles2' && (
          <SeedStep
            key="smiles2"
            which={2}
            value={state.smiles2}
            onChange={(smiles2) => setState((s) => ({ ...s, smiles2 }))}
            check={check2}
            sameAsFirst={sameSeeds(check1, check2)}
            onEnter={goNext}
          />
        )}
        {step === 'confirm' && (
          <ConfirmStep
            form={form}
            settings={settings}
            smiles={[state.smiles1.trim(), state.smiles2.trim()]}
            checks={[check1, check2]}
            onChange={setSettings}
            onSubmit={(values) => void submit(values)}
          />
        )}
      </div>
      <WizardFooter
        testPrefix="transmol"
        className="medx-transmol-footer"
        labels={{ previous: t('previous'), next: t('next'), submit: t('submit') }}
        canGoBack={state.step !== 0}
        onPrevious={() => setState(previousStep)}
        last={step === 'confirm'}
        canGoNext={nextAllowed}
        onNext={goNext}
        submitting={submitting}
        submitDisabled={readOnly}
        onSubmit={() => form.submit()}
      />
    </div>
  );
}
