/**
 * Mail texts, per language. English is the reference; every template exists in every language
 * the product ships, and a test checks that no placeholder is lost in translation.
 */
export const MAIL_LANGUAGES = ['en', 'el', 'it', 'sr', 'es', 'de', 'ru'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

interface Template {
  subject: string;
  body: string;
}

type TemplateSet = Record<MailLanguage, Template>;

export const templates = {
  signInLocked: {
    en: {
      subject: 'Qualis: sign-in to your account paused',
      body: 'Hello,\n\nThere were {{count}} failed sign-in attempts for {{email}}. For your protection, sign-in is paused for {{minutes}} minutes.\n\nIf this was not you, reset your password: {{resetUrl}}\n\nQualis',
    },
    el: {
      subject: 'Qualis: η σύνδεση στον λογαριασμό σας διακόπηκε προσωρινά',
      body: 'Γεια σας,\n\nΈγιναν {{count}} αποτυχημένες προσπάθειες σύνδεσης για το {{email}}. Για την προστασία σας, η σύνδεση διακόπτεται για {{minutes}} λεπτά.\n\nΑν δεν ήσασταν εσείς, επαναφέρετε τον κωδικό σας: {{resetUrl}}\n\nQualis',
    },
    it: {
      subject: 'Qualis: accesso al tuo account sospeso',
      body: 'Salve,\n\nci sono stati {{count}} tentativi di accesso falliti per {{email}}. Per la tua protezione, l’accesso è sospeso per {{minutes}} minuti.\n\nSe non sei stato tu, reimposta la password: {{resetUrl}}\n\nQualis',
    },
    sr: {
      subject: 'Qualis: prijava na vaš nalog je privremeno zaustavljena',
      body: 'Zdravo,\n\nBilo je {{count}} neuspešnih pokušaja prijave za {{email}}. Radi vaše zaštite, prijava je zaustavljena na {{minutes}} minuta.\n\nAko to niste bili vi, resetujte lozinku: {{resetUrl}}\n\nQualis',
    },
    es: {
      subject: 'Qualis: inicio de sesión en su cuenta en pausa',
      body: 'Hola:\n\nHubo {{count}} intentos fallidos de inicio de sesión para {{email}}. Para su protección, el inicio de sesión queda en pausa durante {{minutes}} minutos.\n\nSi no fue usted, restablezca su contraseña: {{resetUrl}}\n\nQualis',
    },
    de: {
      subject: 'Qualis: Anmeldung bei Ihrem Konto pausiert',
      body: 'Hallo,\n\nfür {{email}} gab es {{count}} fehlgeschlagene Anmeldeversuche. Zu Ihrem Schutz ist die Anmeldung für {{minutes}} Minuten pausiert.\n\nWenn Sie das nicht waren, setzen Sie Ihr Passwort zurück: {{resetUrl}}\n\nQualis',
    },
    ru: {
      subject: 'Qualis: вход в вашу учётную запись приостановлен',
      body: 'Здравствуйте!\n\nБыло {{count}} неудачных попыток входа для {{email}}. В целях защиты вход приостановлен на {{minutes}} минут.\n\nЕсли это были не вы, сбросьте пароль: {{resetUrl}}\n\nQualis',
    },
  },
  welcome: {
    en: {
      subject: 'Welcome to Qualis',
      body: 'Hello {{name}},\n\nYou have been given access to Qualis{{organization}}. Set your password to sign in:\n{{setPasswordUrl}}\n\nThe link works for 7 days and only once. Your sign-in e-mail is {{email}}.\n\nQualis',
    },
    el: {
      subject: 'Καλώς ήρθατε στο Qualis',
      body: 'Γεια σας {{name}},\n\nΣας δόθηκε πρόσβαση στο Qualis{{organization}}. Ορίστε τον κωδικό σας για να συνδεθείτε:\n{{setPasswordUrl}}\n\nΟ σύνδεσμος ισχύει 7 ημέρες και μόνο μία φορά. Το e-mail σύνδεσής σας είναι {{email}}.\n\nQualis',
    },
    it: {
      subject: 'Benvenuto in Qualis',
      body: 'Salve {{name}},\n\nti è stato concesso l’accesso a Qualis{{organization}}. Imposta la password per accedere:\n{{setPasswordUrl}}\n\nIl link vale 7 giorni e una sola volta. La tua e-mail di accesso è {{email}}.\n\nQualis',
    },
    sr: {
      subject: 'Dobro došli u Qualis',
      body: 'Zdravo {{name}},\n\nDobili ste pristup aplikaciji Qualis{{organization}}. Postavite lozinku da biste se prijavili:\n{{setPasswordUrl}}\n\nLink važi 7 dana i samo jednom. Vaš e-mail za prijavu je {{email}}.\n\nQualis',
    },
    es: {
      subject: 'Bienvenido a Qualis',
      body: 'Hola, {{name}}:\n\nSe le ha dado acceso a Qualis{{organization}}. Establezca su contraseña para iniciar sesión:\n{{setPasswordUrl}}\n\nEl enlace es válido durante 7 días y una sola vez. Su correo de acceso es {{email}}.\n\nQualis',
    },
    de: {
      subject: 'Willkommen bei Qualis',
      body: 'Hallo {{name}},\n\nSie haben Zugang zu Qualis{{organization}} erhalten. Legen Sie Ihr Passwort fest, um sich anzumelden:\n{{setPasswordUrl}}\n\nDer Link gilt 7 Tage und nur einmal. Ihre Anmelde-E-Mail ist {{email}}.\n\nQualis',
    },
    ru: {
      subject: 'Добро пожаловать в Qualis',
      body: 'Здравствуйте, {{name}}!\n\nВам предоставлен доступ к Qualis{{organization}}. Задайте пароль, чтобы войти:\n{{setPasswordUrl}}\n\nСсылка действует 7 дней и только один раз. Ваш e-mail для входа: {{email}}.\n\nQualis',
    },
  },
} satisfies Record<string, TemplateSet>;

export type TemplateName = keyof typeof templates;

export function renderMail(
  name: TemplateName,
  language: string,
  values: Record<string, string | number>,
): { subject: string; text: string } {
  const set: TemplateSet = templates[name];
  const template = set[(MAIL_LANGUAGES as readonly string[]).includes(language) ? (language as MailLanguage) : 'en'];
  const fill = (text: string) =>
    text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
      const value = values[key];
      if (value === undefined) throw new Error(`mail template ${name} needs a value for ${key}`);
      return String(value);
    });
  return { subject: fill(template.subject), text: fill(template.body) };
}
