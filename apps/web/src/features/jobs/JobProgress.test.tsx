import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { JobProgress } from './JobProgress';

const progress = (job_type: string) =>
  render(
    <I18nextProvider i18n={i18n}>
      <JobProgress job={{ job_type, progress_done: 250, progress_total: 1000 }} />
    </I18nextProvider>,
  );

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('JobProgress', () => {
  it('counts ligands for docking and screening jobs, plain steps for others', () => {
    const docking = progress('DOCKING');
    expect(screen.getByTestId('job-progress').textContent).toBe('250 / 1000 ligands');
    docking.unmount();
    const screening = progress('SCREENING');
    expect(screen.getByTestId('job-progress').textContent).toBe('250 / 1000 ligands');
    screening.unmount();
    progress('TOOL');
    expect(screen.getByTestId('job-progress').textContent).toBe('250 / 1000');
  });
});
