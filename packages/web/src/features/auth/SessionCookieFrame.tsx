import { accountsApi } from '../../api/accounts';
import { useLogged, useToken } from '../../components/session/session';

/**
 * Spec section 7: after login, setcookie is loaded in a hidden frame so the browser keeps the
 * HttpOnly session cookie (images and downloads work without the header) and the XSRF cookie.
 * Keyed by the token: a new login loads it again.
 */
export function SessionCookieFrame() {
  const logged = useLogged();
  const token = useToken();
  if (!logged || !token) return null;
  return (
    <iframe
      key={token}
      src={accountsApi.setCookieUrl(token)}
      hidden
      aria-hidden="true"
      tabIndex={-1}
      style={{ display: 'none' }}
    />
  );
}
