import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NewPasswordForm } from '../account/NewPasswordForm';
import { toastSuccess } from '../account/toast';
import { useChangePassword } from './profile.api';

/** Current, new and confirmation: all filled (and the new one within the policy), else the button is disabled. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const [oldPassword, setOldPassword] = useState('');
  const [round, setRound] = useState(0);
  const change = useChangePassword();

  return (
    <div style={{ maxWidth: 480 }}>
      <NewPasswordForm
        key={round}
        submitLabel={t('profile.changePasswordSubmit')}
        pending={change.isPending}
        currentPassword={{ value: oldPassword, onChange: setOldPassword, label: t('profile.currentPassword') }}
        onSubmit={(password, confirmPassword) =>
          change.mutate(
            { oldPassword, password, confirmPassword },
            {
              onSuccess: (response) => {
                toastSuccess(response.data.message || t('profile.passwordChanged'));
                setOldPassword('');
                setRound((r) => r + 1);
              },
            },
          )
        }
      />
    </div>
  );
}
