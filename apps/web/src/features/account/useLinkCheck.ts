import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { notify } from '../../shared/bridges';
import { checkLinkToken, type LinkType } from './account.api';

export type LinkState = 'checking' | 'valid' | 'expired';

/**
 * Reads e-mail and token of an e-mailed link from the query string and checks them once on load
 * (POST /verifications/token). An invalid link toasts an error and goes to /login.
 */
export function useLinkCheck(type: LinkType) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const [state, setState] = useState<LinkState>('checking');

  useEffect(() => {
    let current = true;
    const refuse = (text: string) => {
      notify(text);
      void navigate('/login', { replace: true });
    };
    if (!email || !token) {
      refuse(t('account.linkInvalid'));
      return;
    }
    checkLinkToken({ email, token, type }).then(
      (answer) => {
        if (!current) return;
        if (answer.isValid) setState('valid');
        else if (answer.isExpired && type === 'reset-password') setState('expired');
        else refuse(t(answer.isExpired ? 'account.setLinkExpired' : 'account.linkInvalid'));
      },
      (failure: unknown) => {
        if (current) refuse(failure instanceof Error ? failure.message : t('errors.requestFailed'));
      },
    );
    return () => {
      current = false;
    };
  }, [email, token, type, navigate, t]);

  return { email, token, state };
}
