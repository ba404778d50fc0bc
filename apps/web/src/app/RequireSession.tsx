import { Navigate, Outlet } from 'react-router';
import { useSessionToken } from '../api/session-store';

/** Pages behind a session: without a token the visitor goes to /login. */
export function RequireSession() {
  const token = useSessionToken();
  if (!token) return <Navigate to="/login" replace />;
  return <Outlet />;
}
