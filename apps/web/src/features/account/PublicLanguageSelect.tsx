import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, LANGUAGES, type LanguageCode } from '../../shared/i18n';

/**
 * The language switch of the public pages (sign-in, forgot, reset, set password, confirm e-mail):
 * a plain select, light enough for the sign-in page. The choice is kept in the browser and sent
 * with the next sign-in, which makes it the person's language.
 */
export function PublicLanguageSelect() {
  const { t } = useTranslation();
  return (
    <select
      className="qualis-auth__language"
      aria-label={t('layout.language')}
      value={currentLanguage()}
      onChange={(event) => void changeLanguage(event.target.value as LanguageCode)}
    >
      {LANGUAGES.map((language) => (
        <option key={language.code} value={language.code}>
          {language.name}
        </option>
      ))}
    </select>
  );
}
