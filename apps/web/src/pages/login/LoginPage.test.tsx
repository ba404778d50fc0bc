import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../api/session';
import { i18n } from '../../i18n';
import { testUser as user } from '../../test/fixtures';
import { errors, mockApi, ok, renderPage, setupPageTests, type } from '../../test/test-providers';
import { LoginPage } from './LoginPage';

const codes = ok([
  { code: '86', name: 'China', name_zh: '中国' },
  { code: '852', name: 'Hong Kong, China', name_zh: '中国香港' },
]);

const submit = () => fireEvent.click(screen.getByTestId('submit'));

setupPageTests();

describe('LoginPage', () => {
  it('shows the spec validation texts on an empty password login', async () => {
    mockApi({ 'GET /v1/users/calling/codes': () => codes });
    renderPage(<LoginPage />, { path: '/login' });
    expect(document.activeElement).toBe(screen.getByTestId('account-input'));
    submit();
    await waitFor(() => expect(errors()).toEqual(['Please input your Email.', 'Please enter a password']));
    type('password-input', '123');
    await waitFor(() => expect(errors()).toContain('Password must be between 6 and 18 characters long'));
  });

  it('logs in with email, stores the session and goes to /project', async () => {
    const calls = mockApi({
      'GET /v1/users/calling/codes': () => codes,
      'POST /v1/users/login': () => ok({ user, token: 'tok-1' }, 'Login Successful!'),
    });
    renderPage(<LoginPage />, { path: '/login' });
    type('account-input', 'ada@example.org');
    type('password-input', 'secret1');
    submit();
    await screen.findByTestId('landed-project');
    expect(calls.find((c) => c.path === '/v1/users/login')?.body).toEqual({
      account: 'ada@example.org',
      password: 'secret1',
    });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-1');
    expect(localStorage.getItem(STORAGE_KEYS.userId)).toBe('7');
    expect(await screen.findByText('Login Successful!')).toBeTruthy();
  });

  it('logs in with a phone number and its region', async () => {
    const calls = mockApi({
      'GET /v1/users/calling/codes': () => codes,
      'POST /v1/users/login': () => ok({ user, token: 'tok-2' }),
    });
    renderPage(<LoginPage />, { path: '/login' });
    fireEvent.click(screen.getByTestId('use-phone'));
    expect(screen.getByTestId('region-select').textContent).toContain('+86');
    submit();
    // Spec §5: an incomplete phone value is refused with a blank message.
    await waitFor(() => expect(errors()).toEqual([' ', 'Please enter a password']));
    type('phone-input', '138 0013 8000');
    type('password-input', 'secret1');
    submit();
    await screen.findByTestId('landed-project');
    expect(calls.find((c) => c.path === '/v1/users/login')?.body).toEqual({
      account: '13800138000',
      region: '86',
      password: 'secret1',
    });
  });

  it('sends a login code and counts down from resend_after', async () => {
    const calls = mockApi({
      'GET /v1/users/calling/codes': () => codes,
      'POST /v1/users/send_email_code': () => ok({ resend_after: 60, expires_in: 600 }),
      'POST /v1/users/login_by_code': () => ok({ user, token: 'tok-3' }),
    });
    renderPage(<LoginPage />, { path: '/login' });
    fireEvent.click(screen.getByTestId('login-tab-code'));
    fireEvent.click(await screen.findByTestId('send-code'));
    await waitFor(() => expect(errors()).toEqual(['Please input your Email.']));
    expect(calls.some((c) => c.path.includes('send_'))).toBe(false);

    type('account-input', 'ada@example.org');
    fireEvent.click(screen.getByTestId('send-code'));
    await waitFor(() => expect(screen.getByTestId('send-code').textContent).toMatch(/Resend in (60|59)s/));
    expect(screen.getByTestId('send-code')).toHaveProperty('disabled', true);
    expect(calls.find((c) => c.path === '/v1/users/send_email_code')?.body).toEqual({
      email: 'ada@example.org',
      purpose: 'login',
    });

    submit();
    await waitFor(() => expect(errors()).toEqual(['Please input your verification code']));
    type('code-input', '123456');
    submit();
    await screen.findByTestId('landed-project');
    expect(calls.find((c) => c.path === '/v1/users/login_by_code')?.body).toEqual({
      account: 'ada@example.org',
      code: '123456',
    });
  });

  it('validates and submits the sign-up form', async () => {
    const calls = mockApi({
      'GET /v1/users/calling/codes': () => codes,
      'POST /v1/users/sign_up': () => ok({ user, token: 'tok-4' }),
    });
    renderPage(<LoginPage />, { path: '/login' });
    fireEvent.click(screen.getByTestId('login-tab-signup'));
    await screen.findByTestId('agreement-checkbox');
    submit();
    await waitFor(() =>
      expect(errors()).toEqual([
        'Please input your Email.',
        'Please input your verification code',
        'Please enter a password',
        'Please enter a password',
        'Please select your identity.',
        'Please agree to the privacy policy and user agreement.',
      ]),
    );

    type('account-input', 'new@example.org');
    type('code-input', '654321');
    type('password-input', 'secret1');
    type('confirm-input', 'secret2');
    await waitFor(() => expect(errors()).toContain('Passwords do not match'));
    type('confirm-input', 'secret1');
    type('username-input', '  Ada  ');

    fireEvent.change(screen.getByTestId('identity-select'), { target: { value: 'Public Institution' } });
    fireEvent.click(screen.getByTestId('agreement-checkbox'));
    submit();
    await screen.findByTestId('landed-project');
    expect(calls.find((c) => c.path === '/v1/users/sign_up')?.body).toEqual({
      email: 'new@example.org',
      code: '654321',
      password: 'secret1',
      username: 'Ada',
      identity: 'Public Institution',
      agreement: true,
    });
    expect(await screen.findByText('Sign up successful!')).toBeTruthy();
  });

  it('opens sign-up with the keep-your-projects note for a guest sent by Register', async () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ ...user, user_type: 'GUEST' }));
    mockApi({ 'GET /v1/users/calling/codes': () => codes });
    renderPage(<LoginPage />, { path: '/login', url: '/login?userId=7' });
    expect(await screen.findByTestId('guest-upgrade-note')).toBeTruthy();
    expect(screen.getByTestId('agreement-checkbox')).toBeTruthy();
  });

  it('links the policy documents in new tabs', async () => {
    mockApi({ 'GET /v1/users/calling/codes': () => codes });
    renderPage(<LoginPage />, { path: '/login' });
    fireEvent.click(screen.getByTestId('login-tab-signup'));
    const privacy = await screen.findByRole('link', { name: 'Privacy Policy' });
    const terms = screen.getByRole('link', { name: 'User Agreement' });
    expect([privacy.getAttribute('href'), privacy.getAttribute('target')]).toEqual(['/docs/privacy', '_blank']);
    expect([terms.getAttribute('href'), terms.getAttribute('target')]).toEqual(['/docs/agreement', '_blank']);
  });

  it('resets the password, then returns to password login', async () => {
    const calls = mockApi({
      'GET /v1/users/calling/codes': () => codes,
      'POST /v1/users/reset_password': () => ok(null),
    });
    renderPage(<LoginPage />, { path: '/login' });
    type('account-input', 'ada@example.org');
    fireEvent.click(screen.getByTestId('login-tab-reset'));
    // The account typed in another form carries over.
    await waitFor(() => expect(screen.getByTestId('account-input')).toHaveProperty('value', 'ada@example.org'));
    type('code-input', '111222');
    type('password-input', 'newpass1');
    type('confirm-input', 'newpass1');
    submit();
    expect(await screen.findByText('Reset password successful!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('confirm-input')).toBeNull());
    expect(calls.find((c) => c.path === '/v1/users/reset_password')?.body).toEqual({
      account: 'ada@example.org',
      code: '111222',
      password: 'newpass1',
    });
  });

  it('continues as a guest', async () => {
    mockApi({
      'GET /v1/users/calling/codes': () => codes,
      'POST /v1/users/guest_login': () => ok({ user: { ...user, user_type: 'GUEST' }, token: 'guest-tok' }),
    });
    renderPage(<LoginPage />, { path: '/login' });
    await act(async () => {
      fireEvent.click(screen.getByTestId('guest-login'));
    });
    await screen.findByTestId('landed-project');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('guest-tok');
  });

  it('works from the keyboard: arrow keys move between the tabs, the password can be shown', async () => {
    mockApi({ 'GET /v1/users/calling/codes': () => codes });
    renderPage(<LoginPage />, { path: '/login' });
    const passwordTab = screen.getByTestId('login-tab-password');
    expect(passwordTab.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(passwordTab, { key: 'ArrowRight' });
    expect(screen.getByTestId('login-tab-code').getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByTestId('login-tab-code'));
    expect(await screen.findByTestId('send-code')).toBeTruthy();
    fireEvent.keyDown(screen.getByTestId('login-tab-code'), { key: 'End' });
    expect(screen.getByTestId('login-tab-reset').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(screen.getByTestId('login-tab-reset'), { key: 'ArrowRight' });
    expect(screen.getByTestId('login-tab-password').getAttribute('aria-selected')).toBe('true');

    const password = screen.getByTestId('password-input');
    expect(password.getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.getAttribute('type')).toBe('password');
  });

  it('speaks Chinese', async () => {
    await i18n.changeLanguage('zh-CN');
    mockApi({ 'GET /v1/users/calling/codes': () => codes });
    renderPage(<LoginPage />, { path: '/login' });
    expect(screen.getByTestId('login-tab-password').textContent).toBe('密码登录');
    submit();
    await waitFor(() => expect(errors()).toEqual(['请输入您的邮箱。', '请输入密码']));
  });
});
