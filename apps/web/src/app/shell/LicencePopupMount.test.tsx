import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../api/client';
import { renderPage, setupPageTests } from '../../test/test-providers';
import { LicencePopupMount } from './LicencePopupMount';

setupPageTests();

const QUOTA_MSG = 'Your compute quota is used up (10.00 of 10.00 core-hours).';

describe("the shell's no-licence popup", () => {
  it('loads nothing until it opens; an answer 402 from any call opens it with the reason', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ success: false, msg: QUOTA_MSG, data: null }), {
            status: 402,
            headers: { 'Content-Type': 'application/json' },
          }),
      ),
    );
    renderPage(<LicencePopupMount />, { path: '/' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByTestId('no-licence-modal')).toBeNull();

    await act(() => api.post('/jobs/docking', {}));
    expect((await screen.findByTestId('no-licence-detail', {}, { timeout: 5000 })).textContent).toBe(QUOTA_MSG);
    expect(screen.getByTestId('no-licence-modal').textContent).toContain(
      'You do not have license to be authorized to use this function',
    );
    fireEvent.click(screen.getByTestId('no-licence-close'));
    await waitFor(() =>
      expect(screen.getByTestId('no-licence-modal').closest('.ant-modal-wrap')?.getAttribute('style')).toContain(
        'display: none',
      ),
    );
  });
});
