import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderPage, setupPageTests } from '../../test/test-providers';
import { WorkspaceProvider } from '../../workspace/workspace-context';
import { TransMolWindow } from './TransMolWindow';

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** A tiny SVG as the server draws seeds (base64). */
const SVG = btoa('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>');

/** The server: convert_to_smiles parses anything but "C1CC" (a ring never closed, past the quick check as "C1CC1X"). */
function stubServer() {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path: url.pathname, body });
      const reply = (data: unknown, msg = 'Success', success = true) =>
        new Response(JSON.stringify({ success, msg, data }), {
          status: success ? 200 : 400,
          headers: { 'Content-Type': 'application/json' },
        });
      if (method === 'POST' && url.pathname === '/v1/files/convert_to_smiles') {
        const { content } = body as { content: string };
        if (content === 'C1CC1X') return reply(null, 'Invalid SMILES: C1CC1X', false);
        // The server's canonical form: "OCC" and "CCO" are the same molecule.
        return reply({ smiles: content === 'OCC' ? 'CCO' : content, base64: SVG });
      }
      if (method === 'POST' && url.pathname === '/v1/jobs/transmol') return reply({ job_id: 41 }, 'Submit success!');
      return reply(null, 'Not found.', false);
    }),
  );
  return calls;
}

function Search() {
  return <div data-testid="search">{useLocation().search}</div>;
}

function renderWizard() {
  return renderPage(
    <WorkspaceProvider project={{ id: 3, name: 'Kinase', role: 'OWNER' }}>
      <Search />
      <TransMolWindow />
    </WorkspaceProvider>,
    { path: '/', url: '/?project=3' },
  );
}

const next = () => screen.getByTestId('transmol-next') as HTMLButtonElement;
const typeSmiles = (which: 1 | 2, value: string) =>
  fireEvent.change(screen.getByTestId(`transmol-smiles${which}`), { target: { value } });
const help = (which: 1 | 2) => screen.getByTestId(`transmol-smiles${which}-help`).textContent;
const value = (testId: string) => (screen.getByTestId(testId) as HTMLInputElement).value;
const handles = () =>
  Array.from(screen.getByTestId('transmol-confirm-step').querySelectorAll('[role="slider"]')).map((h) =>
    h.getAttribute('aria-valuenow'),
  );

setupPageTests();

describe('TransMolWindow', () => {
  it('keeps Next disabled until the SMILES parses, refuses the same molecule twice, submits and resets', async () => {
    const calls = stubServer();
    renderWizard();
    expect(next().disabled).toBe(true);

    // A quick-check failure shows at once and never reaches the server.
    typeSmiles(1, 'CC(=O');
    expect(help(1)).toContain('not a valid SMILES');
    expect(next().disabled).toBe(true);
    // The server's refusal is shown under the field.
    typeSmiles(1, 'C1CC1X');
    await waitFor(() => expect(help(1)).toBe('Not a valid molecule: Invalid SMILES: C1CC1X'));
    expect(next().disabled).toBe(true);
    expect(calls.filter((c) => c.path === '/v1/files/convert_to_smiles').map((c) => c.body)).toEqual([
      { ext: 'smi', content: 'C1CC1X' },
    ]);

    typeSmiles(1, 'OCC');
    await waitFor(() => expect(next().disabled).toBe(false));
    expect(help(1)).toBe('Recognised: CCO');
    expect(screen.getByTestId('transmol-seed-picture-1').getAttribute('src')).toBe(`data:image/svg+xml;base64,${SVG}`);
    // Enter moves on, as Next does.
    fireEvent.keyDown(screen.getByTestId('transmol-smiles1'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await screen.findByTestId('transmol-seed-step-2');
    expect(next().disabled).toBe(true);

    // The same molecule written differently is refused before the server would.
    typeSmiles(2, 'CCO');
    await waitFor(() =>
      expect(help(2)).toBe('The two SMILES are the same molecule. Please input two different molecules.'),
    );
    expect(next().disabled).toBe(true);
    typeSmiles(2, 'NC(=O)c1ccccc1O');
    await waitFor(() => expect(next().disabled).toBe(false));

    // Previous keeps what was typed.
    fireEvent.click(screen.getByTestId('transmol-previous'));
    expect(value('transmol-smiles1')).toBe('OCC');
    expect(next().disabled).toBe(false);
    fireEvent.click(next());
    await waitFor(() => expect(next().disabled).toBe(false));
    fireEvent.click(next());

    // Confirmation: the seeds, then the spec's defaults.
    const confirm = await screen.findByTestId('transmol-confirm-step');
    expect(within(confirm).getByTestId('transmol-confirm-smiles1').textContent).toBe('OCC');
    expect(within(confirm).getByTestId('transmol-confirm-smiles2').textContent).toBe('NC(=O)c1ccccc1O');
    expect(value('transmol-epsilon')).toBe('0.5');
    expect(value('transmol-number')).toBe('10');
    expect(value('transmol-job_name')).toBe('TransMol');
    expect(handles()).toEqual(['0', '10']);
    expect(confirm.textContent).toContain('ranks 0 to 100');

    // A larger number lets the range grow; keyboard moves the upper handle.
    fireEvent.change(screen.getByTestId('transmol-number'), { target: { value: '20' } });
    fireEvent.blur(screen.getByTestId('transmol-number'));
    const upper = confirm.querySelectorAll('[role="slider"]')[1] as HTMLElement;
    await waitFor(() => expect(upper.getAttribute('aria-valuemax')).toBe('20'));
    fireEvent.keyDown(upper, { key: 'ArrowRight', keyCode: 39 });
    fireEvent.keyDown(upper, { key: 'ArrowRight', keyCode: 39 });
    await waitFor(() => expect(handles()).toEqual(['0', '12']));
    fireEvent.change(screen.getByTestId('transmol-epsilon'), { target: { value: '0.7' } });
    fireEvent.click(screen.getByTestId('transmol-submit'));

    await waitFor(() => expect(document.body.textContent).toContain('Submit success!'));
    expect(calls.find((c) => c.path === '/v1/jobs/transmol')?.body).toEqual({
      project_id: 3,
      smiles1: 'OCC',
      smiles2: 'NC(=O)c1ccccc1O',
      epsilon: 0.7,
      number: 20,
      remain_range_ge: 0,
      remain_range_le: 120,
      job_name: 'TransMol',
    });
    // The Window menu lists TransMol Result now, for this job.
    await waitFor(() =>
      expect(screen.getByTestId('search').textContent).toBe('?project=3&jobType=TRANSMOL_WORKFLOW&jobId=41'),
    );

    // Back to step 1, empty; the confirmation comes back with epsilon 1, number 10, range 0-10.
    await screen.findByTestId('transmol-seed-step-1');
    expect(value('transmol-smiles1')).toBe('');
    expect(next().disabled).toBe(true);
    typeSmiles(1, 'OCC');
    await waitFor(() => expect(next().disabled).toBe(false));
    fireEvent.click(next());
    typeSmiles(2, 'CCN');
    await waitFor(() => expect(next().disabled).toBe(false));
    fireEvent.click(next());
    await screen.findByTestId('transmol-confirm-step');
    expect(value('transmol-epsilon')).toBe('1.0');
    expect(value('transmol-number')).toBe('10');
    expect(handles()).toEqual(['0', '10']);
  }, 60_000);

  it('keeps Submit off for read-only members', async () => {
    stubServer();
    renderPage(
      <WorkspaceProvider project={{ id: 3, name: 'Kinase', role: 'READ_ONLY' }}>
        <TransMolWindow />
      </WorkspaceProvider>,
      { path: '/', url: '/?project=3' },
    );
    typeSmiles(1, 'CCO');
    await waitFor(() => expect(next().disabled).toBe(false));
    fireEvent.click(next());
    typeSmiles(2, 'CCN');
    await waitFor(() => expect(next().disabled).toBe(false));
    fireEvent.click(next());
    await screen.findByTestId('transmol-confirm-step');
    expect((screen.getByTestId('transmol-submit') as HTMLButtonElement).disabled).toBe(true);
  }, 30_000);
});
