import { PasswordLinkPage } from '../features/account/PasswordLinkPage';

export default function SetPasswordPage() {
  return <PasswordLinkPage kind="set" />;
}
