import { PasswordLinkPage } from '../features/account/PasswordLinkPage';

export default function ResetPasswordPage() {
  return <PasswordLinkPage kind="reset" />;
}
