import { ZChangePasswordRequest } from '@qualis/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NewPasswordForm } from '../account/NewPasswordForm';
import { toastSuccess } from '../account/toast';
import { useChangePassword } from './profile.api';

/** Current, new and confirmation: all filled (and the new one within the policy), else the button is disabled. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const [round, setRound] = useState(0);
  const change = useChangePassword();

  return (
    <div style={{ maxWidth: 480 }}>
      <NewPasswordForm
        key={round}
        schema={ZChangePasswordRequest}
        submitLabel={t('profile.changePasswordSubmit')}
        pending={change.isPending}
        currentPasswordLabel={t('profile.currentPassword')}
        onSubmit={({ oldPassword = '', password, confirmPassword }) =>
          change.mutateAsync({ oldPassword, password, confirmPassword }).then((response) => {
            toastSuccess(response.data.message || t('profile.passwordChanged'));
            setRound((r) => r + 1);
          })
        }
      />
    </div>
  );
}
