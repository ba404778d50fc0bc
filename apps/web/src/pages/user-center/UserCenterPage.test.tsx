import type { User } from '@medx/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS, saveSession } from '../../api/session';
import { i18n } from '../../i18n';
import { account } from '../../test/billing-fixtures';
import { testUser } from '../../test/fixtures';
import { errors, mockApi, ok, renderPage, setupPageTests, type } from '../../test/test-providers';
import { UserCenterPage } from './UserCenterPage';

const registered: User = {
  ...testUser,
  phone: '91234567',
  region: '852',
  identity: 'Public Institution',
  organization: 'Example University',
  source: 'Search Engine',
};
const guest: User = { ...registered, id: 9, username: 'Guest-abc123', user_type: 'GUEST', email: null, phone: null };

setupPageTests();

function Address() {
  const location = useLocation();
  return <div data-testid="address">{`${location.pathname}${location.search}`}</div>;
}

describe('UserCenterPage', () => {
  it('shows the basic info of a registered user', async () => {
    saveSession({ user: registered, token: 'tok' });
    mockApi({ 'GET /v1/users/': () => ok(registered) });
    renderPage(<UserCenterPage />, { path: '/userCenter' });
    const info = await screen.findByTestId('basic-info');
    expect(within(info).getByText('Registered user')).toBeTruthy();
    expect(within(info).getByText('+852 91234567')).toBeTruthy();
    expect(within(info).getByText('Public Institution')).toBeTruthy();
    expect(within(info).getByText('Search Engine')).toBeTruthy();
    expect(within(info).getByText('Not set')).toBeTruthy();
    expect(within(info).getByText(/^2025\/01\/0[12] GMT[+-][\d.]+ \d\d:04:05$/)).toBeTruthy();
    expect(screen.getByTestId('old-password-input')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Purchase record' })).toBeTruthy();
  });

  it('edits the profile through change_info and updates the stored user', async () => {
    saveSession({ user: registered, token: 'tok' });
    const calls = mockApi({
      'GET /v1/users/': () => ok(registered),
      'POST /v1/users/change_info': (body) => ok({ ...registered, ...(body as Partial<User>) }),
    });
    renderPage(<UserCenterPage />, { path: '/userCenter' });
    fireEvent.click(await screen.findByTestId('edit-info'));
    type('username-input', '');
    fireEvent.click(screen.getByTestId('save-info'));
    await waitFor(() => expect(errors()).toEqual(['This field is required']));
    type('username-input', ' Ada L ');
    type('research-field-input', 'Docking');
    fireEvent.click(screen.getByTestId('save-info'));
    await screen.findByTestId('basic-info');
    expect(calls.find((c) => c.path === '/v1/users/change_info')?.body).toEqual({
      username: 'Ada L',
      identity: 'Public Institution',
      organization: 'Example University',
      research_field: 'Docking',
      source: 'Search Engine',
    });
    expect(within(screen.getByTestId('basic-info')).getByText('Docking')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}').username).toBe('Ada L');
  });

  it('changes the password with the spec validation texts', async () => {
    saveSession({ user: registered, token: 'tok' });
    const calls = mockApi({
      'GET /v1/users/': () => ok(registered),
      'POST /v1/users/change_password': () => ok(null),
    });
    renderPage(<UserCenterPage />, { path: '/userCenter' });
    fireEvent.click(await screen.findByTestId('change-password-submit'));
    await waitFor(() =>
      expect(errors()).toEqual(['Please enter a password', 'Please enter a password', 'Please enter a password']),
    );
    type('old-password-input', 'secret1');
    type('password-input', 'short');
    type('confirm-input', 'other12');
    await waitFor(() =>
      expect(errors()).toEqual(['Password must be between 6 and 18 characters long', 'Passwords do not match']),
    );
    type('password-input', 'secret22');
    type('confirm-input', 'secret22');
    fireEvent.click(screen.getByTestId('change-password-submit'));
    expect(await screen.findByText('Update successful.')).toBeTruthy();
    expect(calls.find((c) => c.path === '/v1/users/change_password')?.body).toEqual({
      old_password: 'secret1',
      new_password: 'secret22',
    });
    await waitFor(() => expect(screen.getByTestId('old-password-input')).toHaveProperty('value', ''));
  });

  it('asks a guest to register instead of changing a password', async () => {
    saveSession({ user: guest, token: 'guest-tok' });
    mockApi({ 'GET /v1/users/': () => ok(guest) });
    renderPage(<UserCenterPage />, { path: '/userCenter' });
    const prompt = await screen.findByTestId('guest-register-prompt');
    expect(screen.queryByTestId('old-password-input')).toBeNull();
    expect(within(screen.getByTestId('basic-info')).getByText('Guest')).toBeTruthy();
    fireEvent.click(within(prompt).getByRole('button', { name: 'Register' }));
    expect((await screen.findByTestId('landed-login')).textContent).toBe('/login?userId=9');
  });

  it('opens the tab ?tab= names, and a tab switch updates the address, in Chinese too', async () => {
    await i18n.changeLanguage('zh-CN');
    saveSession({ user: registered, token: 'tok' });
    mockApi({
      'GET /v1/users/': () => ok(registered),
      'GET /v1/billing/account': () => ok(account()),
      'GET /v1/billing/orders': () => ok({ total: 0, items: [] }),
      'GET /v1/billing/ledger': () => ok({ total: 0, items: [] }),
    });
    renderPage(
      <>
        <UserCenterPage />
        <Address />
      </>,
      { path: '/userCenter', url: '/userCenter?tab=recharge-record&order=MX20260101000000ABC001' },
    );
    expect(screen.getByRole('tab', { name: '充值记录', selected: true })).toBeTruthy();
    expect(await screen.findByTestId('orders-table-RECHARGE')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '余额充值' }));
    expect(await screen.findByTestId('recharge-amount')).toBeTruthy();
    // The checkout's order belongs to the tab it came back to.
    expect(screen.getByTestId('address').textContent).toBe('/userCenter?tab=balance-recharge');
    fireEvent.click(screen.getByRole('tab', { name: '账户记录' }));
    expect(await screen.findByTestId('ledger-table')).toBeTruthy();
    expect(screen.getByTestId('address').textContent).toBe('/userCenter?tab=account-record');
  });

  it('falls back to the basic tab for an unknown ?tab=', async () => {
    saveSession({ user: registered, token: 'tok' });
    mockApi({ 'GET /v1/users/': () => ok(registered) });
    renderPage(<UserCenterPage />, { path: '/userCenter', url: '/userCenter?tab=nope' });
    expect(screen.getByRole('tab', { name: 'Basic info', selected: true })).toBeTruthy();
    expect(await screen.findByTestId('basic-info')).toBeTruthy();
  });
});
