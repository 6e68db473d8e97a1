import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES, type LanguageCode } from '../shared/i18n';
import { useSaveLanguage } from '../features/profile/profile.api';

/** The screen's language; the choice is also stored as the language of the person's e-mails. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const saveLanguage = useSaveLanguage();
  const choose = async (language: LanguageCode) => {
    await changeLanguage(language);
    saveLanguage.mutate({ language });
  };
  const current = LANGUAGES.find((l) => l.code === i18n.language) ?? LANGUAGES[0];
  return (
    <Dropdown
      autoFocus
      trigger={['click']}
      menu={{
        items: LANGUAGES.map((l) => ({ key: l.code, label: l.name })),
        selectable: true,
        selectedKeys: [current.code],
        onClick: ({ key }) => void choose(key as LanguageCode),
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-haspopup="menu"
        aria-label={`${current.code.toUpperCase()} (${t('layout.language')})`}
      >
        {current.code.toUpperCase()}
      </Button>
    </Dropdown>
  );
}
