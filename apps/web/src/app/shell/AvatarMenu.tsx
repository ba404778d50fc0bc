import { UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getStoredUserId, isGuest, signOutClear, useCurrentUser } from '../../api/session';
import { usersApi } from '../../api/users';
import { lazyMessage } from '../../lib/lazy-message';

/** Spec §2: guests see 'Hello Guest' and Register; registered users their name and Sign Out. */
export function AvatarMenu({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const guest = isGuest(user);

  const signOut = async () => {
    // Revoke the token on the server; clear locally whatever the answer.
    await usersApi.logout();
    signOutClear();
    // Through the message that outlives this page: /login is outside antd's App, whose toasts go with it.
    lazyMessage.open({ type: 'success', content: t('msg:signOutSuccessful') });
    navigate('/login', { replace: true });
  };

  const register = () => {
    const userId = getStoredUserId();
    navigate(userId ? `/login?userId=${encodeURIComponent(userId)}` : '/login');
  };

  const items: MenuProps['items'] = guest
    ? [
        { key: 'hello', label: t('avatar.helloGuest'), disabled: true },
        { type: 'divider' },
        { key: 'register', label: <span data-testid="register">{t('avatar.register')}</span> },
      ]
    : [
        { key: 'username', label: user?.username, disabled: true },
        { type: 'divider' },
        { key: 'signOut', label: <span data-testid="sign-out">{t('avatar.signOut')}</span> },
      ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'register') register();
    if (key === 'signOut') void signOut();
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="topLeft">
      <button type="button" className="medx-nav-item" data-testid="avatar-menu" aria-label={t('avatar.menu')}>
        <Avatar size={collapsed ? 28 : 32} icon={<UserOutlined />} />
        {!collapsed && (
          <span
            style={{ maxWidth: 80, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            title={guest ? undefined : user?.username}
          >
            {guest ? t('avatar.helloGuest') : user?.username}
          </span>
        )}
      </button>
    </Dropdown>
  );
}
