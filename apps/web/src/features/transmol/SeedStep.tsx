import { TRANSMOL_LIMITS } from '@medx/contract';
import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { imageSrc } from '../../workspace/molecule-board/MoleculeBoardModal';
import { quickSmilesProblem, type SeedCheck } from './wizard-rules';

/** Examples shown as placeholders: aspirin and salicylamide, close enough to make paths between. */
const EXAMPLES = { 1: 'CC(=O)Oc1ccccc1C(=O)O', 2: 'NC(=O)c1ccccc1O' } as const;

interface SeedStepProps {
  which: 1 | 2;
  value: string;
  onChange: (value: string) => void;
  check: SeedCheck;
  /** The second seed is the first one again (the server would refuse the pair). */
  sameAsFirst?: boolean;
  /** Enter in the field: the window moves on when Next allows it. */
  onEnter: () => void;
}

type Verdict = { status: '' | 'error' | 'validating' | 'success'; help: string | null };

/**
 * One seed of the wizard: the SMILES field with its verdict under it (the quick check at once,
 * the server's once typing pauses) and the seed's 2D picture when the server drew one.
 */
export function SeedStep({ which, value, onChange, check, sameAsFirst = false, onEnter }: SeedStepProps) {
  const { t } = useTranslation('transmol');
  const problem = value.trim() ? quickSmilesProblem(value) : null;
  const verdict = ((): Verdict => {
    if (problem) return { status: 'error', help: t(`seed.problems.${problem}`, { max: TRANSMOL_LIMITS.smilesMax }) };
    if (!value.trim()) return { status: '', help: null };
    if (check.status === 'invalid') return { status: 'error', help: t('seed.invalid', { detail: check.message }) };
    if (check.status === 'valid') {
      return sameAsFirst
        ? { status: 'error', help: t('msg:transmolSameSeeds') }
        : { status: 'success', help: t('seed.valid', { smiles: check.canonical }) };
    }
    return { status: 'validating', help: t('seed.checking') };
  })();
  const picture = check.status === 'valid' ? imageSrc(check.image) : null;

  return (
    <div data-testid={`transmol-seed-step-${which}`}>
      <Typography.Paragraph type="secondary">{t(which === 1 ? 'seed.help1' : 'seed.help2')}</Typography.Paragraph>
      <Form layout="vertical" requiredMark={false}>
        <Form.Item
          label={t('seed.label', { which })}
          htmlFor={`transmol-smiles${which}`}
          validateStatus={verdict.status}
          hasFeedback={verdict.status !== ''}
          help={verdict.help && <span data-testid={`transmol-smiles${which}-help`}>{verdict.help}</span>}
        >
          <Input
            id={`transmol-smiles${which}`}
            autoFocus
            value={value}
            onChange={(event) => onChange(event.target.value)}
            onPressEnter={onEnter}
            placeholder={t('seed.placeholder', { example: EXAMPLES[which] })}
            maxLength={TRANSMOL_LIMITS.smilesMax + 1}
            spellCheck={false}
            autoComplete="off"
            data-testid={`transmol-smiles${which}`}
          />
        </Form.Item>
      </Form>
      {picture && (
        <img
          className="medx-transmol-seed-picture"
          src={picture}
          alt={t('seed.picture', { which })}
          data-testid={`transmol-seed-picture-${which}`}
        />
      )}
    </div>
  );
}
