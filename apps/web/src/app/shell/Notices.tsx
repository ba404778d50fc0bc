import { Alert } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getStoredUserId, isGuest, useCurrentUser, useSessionToken } from '../../api/session';
import { isMobileUserAgent } from '../../lib/device';
import { MOBILE_MAX_WIDTH } from '../config';

// Dismissals last for the browser session: the notices come back on the next visit.
const GUEST_DISMISSED = 'medx.guestNoticeDismissed';
const MOBILE_DISMISSED = 'medx.mobileNoticeDismissed';

function wasDismissed(key: string): boolean {
  try {
    return sessionStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

function dismiss(key: string): void {
  try {
    sessionStorage.setItem(key, '1');
  } catch {
    // Without storage the notice just returns on the next page load.
  }
}

function isMobileDevice(): boolean {
  return isMobileUserAgent(navigator.userAgent) || window.innerWidth < MOBILE_MAX_WIDTH;
}

/** Spec §1 and §6: guest retention notice with a Register link; desktop-use notice on mobile. */
export function Notices() {
  const { t } = useTranslation();
  const token = useSessionToken();
  const { user } = useCurrentUser();
  const [guestHidden, setGuestHidden] = useState(() => wasDismissed(GUEST_DISMISSED));
  const [mobileHidden, setMobileHidden] = useState(() => wasDismissed(MOBILE_DISMISSED) || !isMobileDevice());

  const userId = getStoredUserId();
  const showGuest = Boolean(token) && isGuest(user) && !guestHidden;

  return (
    <>
      {showGuest && (
        <Alert
          banner
          type="warning"
          data-testid="guest-notice"
          title={
            <span>
              {t('notices.guest')}{' '}
              <Link to={userId ? `/login?userId=${encodeURIComponent(userId)}` : '/login'}>
                {t('notices.guestRegister')}
              </Link>
            </span>
          }
          closable={{
            onClose: () => {
              dismiss(GUEST_DISMISSED);
              setGuestHidden(true);
            },
          }}
        />
      )}
      {!mobileHidden && (
        <Alert
          banner
          type="info"
          data-testid="mobile-notice"
          title={t('notices.mobile')}
          closable={{
            onClose: () => {
              dismiss(MOBILE_DISMISSED);
              setMobileHidden(true);
            },
          }}
        />
      )}
    </>
  );
}
