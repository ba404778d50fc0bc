import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { toolUi } from '../../features/tools';
import { openLicencePopup, useLicencePopup } from '../../lib/licence-popup';
import { renderPage, setupPageTests } from '../../test/test-providers';
import { NoLicenceModal } from './NoLicenceModal';

setupPageTests();

/** Where navigation went and whether the popup is open. */
function Probe() {
  const location = useLocation();
  const { open } = useLicencePopup();
  return <div data-testid="probe">{`${location.pathname} popup:${open}`}</div>;
}

const probe = () => screen.getByTestId('probe').textContent;

describe('the no-licence popup (one for the app)', () => {
  it("opens from the tools' store with the spec text and no reason, and closes", async () => {
    renderPage(
      <>
        <NoLicenceModal />
        <Probe />
      </>,
      { path: '/' },
    );
    expect(screen.queryByTestId('no-licence-modal')).toBeNull();
    act(() => toolUi.openNoLicence());
    const modal = await screen.findByTestId('no-licence-modal');
    expect(modal.textContent).toContain('You do not have license to be authorized to use this function');
    expect(screen.queryByTestId('no-licence-detail')).toBeNull();
    expect(screen.getByTestId('no-licence-contact').getAttribute('href')).toMatch(/^mailto:/);
    fireEvent.click(screen.getByTestId('no-licence-close'));
    await waitFor(() => expect(probe()).toBe('/ popup:false'));
    expect(screen.getByTestId('no-licence-modal').closest('.ant-modal-wrap')?.getAttribute('style')).toContain(
      'display: none',
    );
  });

  it("shows the server's reason (an answer 402) and leads to the Purchase page", async () => {
    renderPage(
      <>
        <NoLicenceModal />
        <Probe />
      </>,
      { path: '*', url: '/workspace' },
    );
    act(() => openLicencePopup('Your compute quota is used up (10.00 of 10.00 core-hours).'));
    expect((await screen.findByTestId('no-licence-detail')).textContent).toBe(
      'Your compute quota is used up (10.00 of 10.00 core-hours).',
    );
    expect(probe()).toBe('/workspace popup:true');
    fireEvent.click(screen.getByTestId('no-licence-purchase'));
    await waitFor(() => expect(probe()).toBe('/purchase popup:false'));
  });
});
