import { type Language } from '@qualis/contract';

/**
 * Mail texts, per language. English is the reference; every template exists in every language
 * the product ships (LANGUAGES of the contract), and a test checks that no placeholder is lost in
 * translation. Callers pass the recipient's stored language (`users.language`).
 */

interface Template {
  subject: string;
  body: string;
}

type TemplateSet = Record<Language, Template>;

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
  accessCode: {
    en: {
      subject: 'Qualis: your access code',
      body: 'Hello {{name}},\n\nYour new access code for electronic signatures in Qualis is:\n\n{{code}}\n\nIt replaces any earlier code of {{email}}. Keep it secret: it signs documents in your name. A new code is sent to you every 12 months.\n\nQualis',
    },
    el: {
      subject: 'Qualis: ο κωδικός πρόσβασής σας',
      body: 'Γεια σας {{name}},\n\nΟ νέος κωδικός πρόσβασής σας για ηλεκτρονικές υπογραφές στο Qualis είναι:\n\n{{code}}\n\nΑντικαθιστά κάθε προηγούμενο κωδικό του {{email}}. Κρατήστε τον μυστικό: υπογράφει έγγραφα στο όνομά σας. Νέος κωδικός σας αποστέλλεται κάθε 12 μήνες.\n\nQualis',
    },
    it: {
      subject: 'Qualis: il tuo codice di accesso',
      body: 'Salve {{name}},\n\nil tuo nuovo codice di accesso per le firme elettroniche in Qualis è:\n\n{{code}}\n\nSostituisce ogni codice precedente di {{email}}. Tienilo segreto: firma documenti a tuo nome. Un nuovo codice ti viene inviato ogni 12 mesi.\n\nQualis',
    },
    sr: {
      subject: 'Qualis: vaš pristupni kod',
      body: 'Zdravo {{name}},\n\nVaš novi pristupni kod za elektronske potpise u aplikaciji Qualis je:\n\n{{code}}\n\nZamenjuje svaki raniji kod za {{email}}. Čuvajte ga u tajnosti: njime se potpisuju dokumenti u vaše ime. Novi kod vam se šalje svakih 12 meseci.\n\nQualis',
    },
    es: {
      subject: 'Qualis: su código de acceso',
      body: 'Hola, {{name}}:\n\nSu nuevo código de acceso para firmas electrónicas en Qualis es:\n\n{{code}}\n\nSustituye a cualquier código anterior de {{email}}. Manténgalo en secreto: firma documentos en su nombre. Se le envía un código nuevo cada 12 meses.\n\nQualis',
    },
    de: {
      subject: 'Qualis: Ihr Zugangscode',
      body: 'Hallo {{name}},\n\nIhr neuer Zugangscode für elektronische Signaturen in Qualis lautet:\n\n{{code}}\n\nEr ersetzt jeden früheren Code von {{email}}. Halten Sie ihn geheim: Mit ihm werden Dokumente in Ihrem Namen signiert. Alle 12 Monate erhalten Sie einen neuen Code.\n\nQualis',
    },
    ru: {
      subject: 'Qualis: ваш код доступа',
      body: 'Здравствуйте, {{name}}!\n\nВаш новый код доступа для электронных подписей в Qualis:\n\n{{code}}\n\nОн заменяет все прежние коды для {{email}}. Храните его в тайне: им подписываются документы от вашего имени. Новый код присылается вам каждые 12 месяцев.\n\nQualis',
    },
  },
  resetPassword: {
    en: {
      subject: 'Qualis: reset your password',
      body: 'Hello {{name}},\n\nWe received a request to reset the password of your Qualis account. Choose a new password here:\n{{resetUrl}}\n\nThe link works for 1 hour and only once. If you did not ask for it, ignore this e-mail: your password stays as it is.\n\nQualis',
    },
    el: {
      subject: 'Qualis: επαναφορά του κωδικού σας',
      body: 'Γεια σας {{name}},\n\nΛάβαμε αίτημα επαναφοράς του κωδικού του λογαριασμού σας στο Qualis. Επιλέξτε νέο κωδικό εδώ:\n{{resetUrl}}\n\nΟ σύνδεσμος ισχύει 1 ώρα και μόνο μία φορά. Αν δεν το ζητήσατε εσείς, αγνοήστε αυτό το e-mail: ο κωδικός σας δεν αλλάζει.\n\nQualis',
    },
    it: {
      subject: 'Qualis: reimposta la password',
      body: 'Salve {{name}},\n\nabbiamo ricevuto una richiesta di reimpostare la password del tuo account Qualis. Scegli una nuova password qui:\n{{resetUrl}}\n\nIl link vale 1 ora e una sola volta. Se non l’hai chiesto tu, ignora questa e-mail: la password resta invariata.\n\nQualis',
    },
    sr: {
      subject: 'Qualis: resetujte lozinku',
      body: 'Zdravo {{name}},\n\nPrimili smo zahtev za resetovanje lozinke vašeg Qualis naloga. Izaberite novu lozinku ovde:\n{{resetUrl}}\n\nLink važi 1 sat i samo jednom. Ako to niste tražili vi, zanemarite ovaj e-mail: lozinka ostaje ista.\n\nQualis',
    },
    es: {
      subject: 'Qualis: restablezca su contraseña',
      body: 'Hola, {{name}}:\n\nHemos recibido una solicitud para restablecer la contraseña de su cuenta de Qualis. Elija una nueva contraseña aquí:\n{{resetUrl}}\n\nEl enlace es válido durante 1 hora y una sola vez. Si no lo ha pedido usted, ignore este correo: su contraseña no cambia.\n\nQualis',
    },
    de: {
      subject: 'Qualis: Passwort zurücksetzen',
      body: 'Hallo {{name}},\n\nwir haben eine Anfrage erhalten, das Passwort Ihres Qualis-Kontos zurückzusetzen. Wählen Sie hier ein neues Passwort:\n{{resetUrl}}\n\nDer Link gilt 1 Stunde und nur einmal. Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.\n\nQualis',
    },
    ru: {
      subject: 'Qualis: сброс пароля',
      body: 'Здравствуйте, {{name}}!\n\nМы получили запрос на сброс пароля вашей учётной записи Qualis. Задайте новый пароль здесь:\n{{resetUrl}}\n\nСсылка действует 1 час и только один раз. Если вы этого не запрашивали, проигнорируйте это письмо: пароль останется прежним.\n\nQualis',
    },
  },
  confirmEmail: {
    en: {
      subject: 'Qualis: confirm your new e-mail',
      body: 'Hello {{name}},\n\nPlease confirm {{newEmail}} as the new sign-in e-mail of your Qualis account:\n{{confirmUrl}}\n\nYou will be asked for your password. The link works for 24 hours and only once. Until you confirm, sign in with your current e-mail.\n\nQualis',
    },
    el: {
      subject: 'Qualis: επιβεβαιώστε το νέο σας e-mail',
      body: 'Γεια σας {{name}},\n\nΕπιβεβαιώστε το {{newEmail}} ως νέο e-mail σύνδεσης του λογαριασμού σας στο Qualis:\n{{confirmUrl}}\n\nΘα σας ζητηθεί ο κωδικός σας. Ο σύνδεσμος ισχύει 24 ώρες και μόνο μία φορά. Μέχρι να επιβεβαιώσετε, συνδέεστε με το τρέχον e-mail σας.\n\nQualis',
    },
    it: {
      subject: 'Qualis: conferma la tua nuova e-mail',
      body: 'Salve {{name}},\n\nconferma {{newEmail}} come nuova e-mail di accesso del tuo account Qualis:\n{{confirmUrl}}\n\nTi verrà chiesta la password. Il link vale 24 ore e una sola volta. Finché non confermi, accedi con l’e-mail attuale.\n\nQualis',
    },
    sr: {
      subject: 'Qualis: potvrdite novi e-mail',
      body: 'Zdravo {{name}},\n\nPotvrdite {{newEmail}} kao novi e-mail za prijavu na vaš Qualis nalog:\n{{confirmUrl}}\n\nBiće zatražena vaša lozinka. Link važi 24 sata i samo jednom. Dok ne potvrdite, prijavljujte se trenutnim e-mailom.\n\nQualis',
    },
    es: {
      subject: 'Qualis: confirme su nuevo correo',
      body: 'Hola, {{name}}:\n\nConfirme {{newEmail}} como nuevo correo de acceso de su cuenta de Qualis:\n{{confirmUrl}}\n\nSe le pedirá su contraseña. El enlace es válido durante 24 horas y una sola vez. Hasta que lo confirme, inicie sesión con su correo actual.\n\nQualis',
    },
    de: {
      subject: 'Qualis: Bestätigen Sie Ihre neue E-Mail-Adresse',
      body: 'Hallo {{name}},\n\nbitte bestätigen Sie {{newEmail}} als neue Anmelde-E-Mail Ihres Qualis-Kontos:\n{{confirmUrl}}\n\nSie werden nach Ihrem Passwort gefragt. Der Link gilt 24 Stunden und nur einmal. Bis zur Bestätigung melden Sie sich mit Ihrer bisherigen E-Mail an.\n\nQualis',
    },
    ru: {
      subject: 'Qualis: подтвердите новый e-mail',
      body: 'Здравствуйте, {{name}}!\n\nПодтвердите {{newEmail}} как новый e-mail для входа в вашу учётную запись Qualis:\n{{confirmUrl}}\n\nПотребуется ваш пароль. Ссылка действует 24 часа и только один раз. До подтверждения входите с текущим e-mail.\n\nQualis',
    },
  },
  organizationLogsExport: {
    en: {
      subject: 'Qualis: your organization logs report',
      body: 'Hello,\n\nThe organization logs report you asked for ({{start}} to {{end}}) is attached: {{count}} records.\n\nQualis',
    },
    el: {
      subject: 'Qualis: η αναφορά αρχείων καταγραφής οργανισμών',
      body: 'Γεια σας,\n\nΗ αναφορά αρχείων καταγραφής οργανισμών που ζητήσατε ({{start}} έως {{end}}) επισυνάπτεται: {{count}} εγγραφές.\n\nQualis',
    },
    it: {
      subject: 'Qualis: il report dei log delle organizzazioni',
      body: 'Salve,\n\nil report dei log delle organizzazioni richiesto (dal {{start}} al {{end}}) è in allegato: {{count}} record.\n\nQualis',
    },
    sr: {
      subject: 'Qualis: izveštaj dnevnika organizacija',
      body: 'Zdravo,\n\nIzveštaj dnevnika organizacija koji ste tražili ({{start}} do {{end}}) je u prilogu: {{count}} zapisa.\n\nQualis',
    },
    es: {
      subject: 'Qualis: su informe de registros de organizaciones',
      body: 'Hola:\n\nSe adjunta el informe de registros de organizaciones que solicitó ({{start}} a {{end}}): {{count}} registros.\n\nQualis',
    },
    de: {
      subject: 'Qualis: Ihr Bericht der Organisationsprotokolle',
      body: 'Hallo,\n\nder angeforderte Bericht der Organisationsprotokolle ({{start}} bis {{end}}) ist angehängt: {{count}} Einträge.\n\nQualis',
    },
    ru: {
      subject: 'Qualis: ваш отчёт по журналам организаций',
      body: 'Здравствуйте!\n\nЗапрошенный отчёт по журналам организаций (с {{start}} по {{end}}) во вложении: записей: {{count}}.\n\nQualis',
    },
  },
  organizationLogsExportEmpty: {
    en: {
      subject: 'Qualis: your organization logs report',
      body: 'Hello,\n\nNo records to export: nothing matched the organization logs report you asked for ({{start}} to {{end}}).\n\nQualis',
    },
    el: {
      subject: 'Qualis: η αναφορά αρχείων καταγραφής οργανισμών',
      body: 'Γεια σας,\n\nΔεν υπάρχουν εγγραφές για εξαγωγή: τίποτα δεν αντιστοιχεί στην αναφορά αρχείων καταγραφής οργανισμών που ζητήσατε ({{start}} έως {{end}}).\n\nQualis',
    },
    it: {
      subject: 'Qualis: il report dei log delle organizzazioni',
      body: 'Salve,\n\nnessun record da esportare: nulla corrisponde al report dei log delle organizzazioni richiesto (dal {{start}} al {{end}}).\n\nQualis',
    },
    sr: {
      subject: 'Qualis: izveštaj dnevnika organizacija',
      body: 'Zdravo,\n\nNema zapisa za izvoz: ništa ne odgovara izveštaju dnevnika organizacija koji ste tražili ({{start}} do {{end}}).\n\nQualis',
    },
    es: {
      subject: 'Qualis: su informe de registros de organizaciones',
      body: 'Hola:\n\nNo hay registros para exportar: nada coincide con el informe de registros de organizaciones que solicitó ({{start}} a {{end}}).\n\nQualis',
    },
    de: {
      subject: 'Qualis: Ihr Bericht der Organisationsprotokolle',
      body: 'Hallo,\n\nKeine Einträge zum Exportieren: Nichts entspricht dem angeforderten Bericht der Organisationsprotokolle ({{start}} bis {{end}}).\n\nQualis',
    },
    ru: {
      subject: 'Qualis: ваш отчёт по журналам организаций',
      body: 'Здравствуйте!\n\nНет записей для экспорта: в запрошенном отчёте по журналам организаций (с {{start}} по {{end}}) ничего не найдено.\n\nQualis',
    },
  },
  recordsExport: {
    en: {
      subject: 'Qualis: your export is ready',
      body: 'Hello {{name}},\n\nThe export you asked for in {{organization}} is ready: {{fileName}} ({{count}} records).\n\nDownload it here (sign in first if asked):\n{{downloadUrl}}\n\nThe link works for {{days}} days and only for you; the file is deleted afterwards.\n\nQualis',
    },
    el: {
      subject: 'Qualis: η εξαγωγή σας είναι έτοιμη',
      body: 'Γεια σας {{name}},\n\nΗ εξαγωγή που ζητήσατε στο {{organization}} είναι έτοιμη: {{fileName}} ({{count}} εγγραφές).\n\nΚατεβάστε την εδώ (συνδεθείτε πρώτα αν σας ζητηθεί):\n{{downloadUrl}}\n\nΟ σύνδεσμος ισχύει {{days}} ημέρες και μόνο για εσάς· μετά το αρχείο διαγράφεται.\n\nQualis',
    },
    it: {
      subject: 'Qualis: la tua esportazione è pronta',
      body: 'Salve {{name}},\n\nl’esportazione richiesta in {{organization}} è pronta: {{fileName}} ({{count}} record).\n\nScaricala qui (accedi prima, se richiesto):\n{{downloadUrl}}\n\nIl link vale {{days}} giorni e solo per te; poi il file viene eliminato.\n\nQualis',
    },
    sr: {
      subject: 'Qualis: vaš izvoz je spreman',
      body: 'Zdravo {{name}},\n\nIzvoz koji ste tražili u organizaciji {{organization}} je spreman: {{fileName}} ({{count}} zapisa).\n\nPreuzmite ga ovde (prvo se prijavite ako bude zatraženo):\n{{downloadUrl}}\n\nLink važi {{days}} dana i samo za vas; nakon toga se datoteka briše.\n\nQualis',
    },
    es: {
      subject: 'Qualis: su exportación está lista',
      body: 'Hola, {{name}}:\n\nLa exportación que solicitó en {{organization}} está lista: {{fileName}} ({{count}} registros).\n\nDescárguela aquí (inicie sesión antes si se le pide):\n{{downloadUrl}}\n\nEl enlace es válido durante {{days}} días y solo para usted; después el archivo se elimina.\n\nQualis',
    },
    de: {
      subject: 'Qualis: Ihr Export ist fertig',
      body: 'Hallo {{name}},\n\nder angeforderte Export in {{organization}} ist fertig: {{fileName}} ({{count}} Einträge).\n\nHier herunterladen (melden Sie sich zuerst an, falls verlangt):\n{{downloadUrl}}\n\nDer Link gilt {{days}} Tage und nur für Sie; danach wird die Datei gelöscht.\n\nQualis',
    },
    ru: {
      subject: 'Qualis: ваш экспорт готов',
      body: 'Здравствуйте, {{name}}!\n\nЗапрошенный экспорт в {{organization}} готов: {{fileName}} (записей: {{count}}).\n\nСкачайте его здесь (при необходимости сначала войдите):\n{{downloadUrl}}\n\nСсылка действует {{days}} дней и только для вас; затем файл удаляется.\n\nQualis',
    },
  },
  recordsExportEmpty: {
    en: {
      subject: 'Qualis: your export is ready',
      body: 'Hello {{name}},\n\nNo records to export: nothing you may see in {{organization}} matched the export you asked for.\n\nQualis',
    },
    el: {
      subject: 'Qualis: η εξαγωγή σας είναι έτοιμη',
      body: 'Γεια σας {{name}},\n\nΔεν υπάρχουν εγγραφές για εξαγωγή: τίποτα από όσα μπορείτε να δείτε στο {{organization}} δεν αντιστοιχεί στην εξαγωγή που ζητήσατε.\n\nQualis',
    },
    it: {
      subject: 'Qualis: la tua esportazione è pronta',
      body: 'Salve {{name}},\n\nnessun record da esportare: nulla di ciò che puoi vedere in {{organization}} corrisponde all’esportazione richiesta.\n\nQualis',
    },
    sr: {
      subject: 'Qualis: vaš izvoz je spreman',
      body: 'Zdravo {{name}},\n\nNema zapisa za izvoz: ništa što možete da vidite u organizaciji {{organization}} ne odgovara izvozu koji ste tražili.\n\nQualis',
    },
    es: {
      subject: 'Qualis: su exportación está lista',
      body: 'Hola, {{name}}:\n\nNo hay registros para exportar: nada de lo que puede ver en {{organization}} coincide con la exportación que solicitó.\n\nQualis',
    },
    de: {
      subject: 'Qualis: Ihr Export ist fertig',
      body: 'Hallo {{name}},\n\nKeine Einträge zum Exportieren: Nichts, was Sie in {{organization}} sehen dürfen, entspricht dem angeforderten Export.\n\nQualis',
    },
    ru: {
      subject: 'Qualis: ваш экспорт готов',
      body: 'Здравствуйте, {{name}}!\n\nНет записей для экспорта: среди того, что вам доступно в {{organization}}, ничего не соответствует запрошенному экспорту.\n\nQualis',
    },
  },
  actionAssigned: {
    en: {
      subject: 'Qualis: action #{{number}} is assigned to you',
      body: 'Hello {{name}},\n\nAn action is assigned to you in {{organization}}:\n\n#{{number}} {{actionName}}\nDue date: {{dueDate}}\n\nOpen it: {{actionUrl}}\n\nYou can turn these e-mails off in your profile.\n\nQualis',
    },
    el: {
      subject: 'Qualis: η ενέργεια #{{number}} σας ανατέθηκε',
      body: 'Γεια σας {{name}},\n\nΣας ανατέθηκε μια ενέργεια στο {{organization}}:\n\n#{{number}} {{actionName}}\nΠροθεσμία: {{dueDate}}\n\nΑνοίξτε την: {{actionUrl}}\n\nΜπορείτε να απενεργοποιήσετε αυτά τα e-mail στο προφίλ σας.\n\nQualis',
    },
    it: {
      subject: 'Qualis: l’azione #{{number}} ti è stata assegnata',
      body: 'Salve {{name}},\n\nti è stata assegnata un’azione in {{organization}}:\n\n#{{number}} {{actionName}}\nScadenza: {{dueDate}}\n\nAprila: {{actionUrl}}\n\nPuoi disattivare queste e-mail nel tuo profilo.\n\nQualis',
    },
    sr: {
      subject: 'Qualis: akcija #{{number}} vam je dodeljena',
      body: 'Zdravo {{name}},\n\nDodeljena vam je akcija u organizaciji {{organization}}:\n\n#{{number}} {{actionName}}\nRok: {{dueDate}}\n\nOtvorite je: {{actionUrl}}\n\nOve e-mailove možete isključiti u svom profilu.\n\nQualis',
    },
    es: {
      subject: 'Qualis: se le ha asignado la acción #{{number}}',
      body: 'Hola, {{name}}:\n\nSe le ha asignado una acción en {{organization}}:\n\n#{{number}} {{actionName}}\nFecha límite: {{dueDate}}\n\nÁbrala: {{actionUrl}}\n\nPuede desactivar estos correos en su perfil.\n\nQualis',
    },
    de: {
      subject: 'Qualis: Maßnahme #{{number}} ist Ihnen zugewiesen',
      body: 'Hallo {{name}},\n\nIhnen ist eine Maßnahme in {{organization}} zugewiesen:\n\n#{{number}} {{actionName}}\nFällig am: {{dueDate}}\n\nÖffnen: {{actionUrl}}\n\nDiese E-Mails können Sie in Ihrem Profil abschalten.\n\nQualis',
    },
    ru: {
      subject: 'Qualis: вам назначено действие #{{number}}',
      body: 'Здравствуйте, {{name}}!\n\nВам назначено действие в {{organization}}:\n\n#{{number}} {{actionName}}\nСрок: {{dueDate}}\n\nОткрыть: {{actionUrl}}\n\nЭти письма можно отключить в профиле.\n\nQualis',
    },
  },
  signingLocked: {
    en: {
      subject: 'Qualis: your electronic signature is locked for {{minutes}} minutes',
      body: 'Hello {{name}},\n\nThere were {{count}} wrong access codes or passwords in a row when you signed in {{organization}}. For your protection, your electronic signature is locked until {{until}} ({{minutes}} minutes), in every organization.\n\nIf this was not you, change your password and ask an Admin to generate a new access code.\n\nQualis',
    },
    el: {
      subject: 'Qualis: η ηλεκτρονική σας υπογραφή κλειδώθηκε για {{minutes}} λεπτά',
      body: 'Γεια σας {{name}},\n\nΔόθηκαν {{count}} λανθασμένοι κωδικοί πρόσβασης ή κωδικοί πρόσβασης λογαριασμού στη σειρά κατά την υπογραφή σας στο {{organization}}. Για την προστασία σας, η ηλεκτρονική σας υπογραφή είναι κλειδωμένη έως τις {{until}} ({{minutes}} λεπτά), σε όλους τους οργανισμούς.\n\nΑν δεν ήσασταν εσείς, αλλάξτε τον κωδικό σας και ζητήστε από έναν διαχειριστή νέο κωδικό πρόσβασης.\n\nQualis',
    },
    it: {
      subject: 'Qualis: la tua firma elettronica è bloccata per {{minutes}} minuti',
      body: 'Salve {{name}},\n\nsono stati inseriti {{count}} codici di accesso o password errati di seguito durante la firma in {{organization}}. Per la tua protezione, la tua firma elettronica è bloccata fino alle {{until}} ({{minutes}} minuti), in tutte le organizzazioni.\n\nSe non sei stato tu, cambia la password e chiedi a un amministratore di generare un nuovo codice di accesso.\n\nQualis',
    },
    sr: {
      subject: 'Qualis: vaš elektronski potpis je zaključan na {{minutes}} minuta',
      body: 'Zdravo {{name}},\n\nUneto je {{count}} pogrešnih pristupnih kodova ili lozinki zaredom pri potpisivanju u organizaciji {{organization}}. Radi vaše zaštite, vaš elektronski potpis je zaključan do {{until}} ({{minutes}} minuta), u svim organizacijama.\n\nAko to niste bili vi, promenite lozinku i zamolite administratora da generiše novi pristupni kod.\n\nQualis',
    },
    es: {
      subject: 'Qualis: su firma electrónica está bloqueada durante {{minutes}} minutos',
      body: 'Hola, {{name}}:\n\nSe introdujeron {{count}} códigos de acceso o contraseñas incorrectos seguidos al firmar en {{organization}}. Para su protección, su firma electrónica está bloqueada hasta las {{until}} ({{minutes}} minutos), en todas las organizaciones.\n\nSi no fue usted, cambie su contraseña y pida a un administrador que genere un nuevo código de acceso.\n\nQualis',
    },
    de: {
      subject: 'Qualis: Ihre elektronische Signatur ist für {{minutes}} Minuten gesperrt',
      body: 'Hallo {{name}},\n\nbeim Signieren in {{organization}} wurden {{count}} falsche Zugangscodes oder Passwörter in Folge eingegeben. Zu Ihrem Schutz ist Ihre elektronische Signatur bis {{until}} ({{minutes}} Minuten) in allen Organisationen gesperrt.\n\nWenn Sie das nicht waren, ändern Sie Ihr Passwort und bitten Sie einen Administrator um einen neuen Zugangscode.\n\nQualis',
    },
    ru: {
      subject: 'Qualis: ваша электронная подпись заблокирована на {{minutes}} минут',
      body: 'Здравствуйте, {{name}}!\n\nПри подписании в {{organization}} {{count}} раз подряд были введены неверный код доступа или пароль. В целях защиты ваша электронная подпись заблокирована до {{until}} ({{minutes}} минут) во всех организациях.\n\nЕсли это были не вы, смените пароль и попросите администратора создать новый код доступа.\n\nQualis',
    },
  },
  signingLockedAdmin: {
    en: {
      subject: 'Qualis: the electronic signature of {{person}} is locked',
      body: 'Hello {{name}},\n\nThere were {{count}} wrong access codes or passwords in a row when {{person}} ({{email}}) signed in {{organization}}. Their electronic signature is locked until {{until}} ({{minutes}} minutes).\n\nIf this was not them, their access code may be known to someone else: generate a new one for them.\n\nQualis',
    },
    el: {
      subject: 'Qualis: η ηλεκτρονική υπογραφή του/της {{person}} κλειδώθηκε',
      body: 'Γεια σας {{name}},\n\nΔόθηκαν {{count}} λανθασμένοι κωδικοί πρόσβασης ή κωδικοί λογαριασμού στη σειρά κατά την υπογραφή του/της {{person}} ({{email}}) στο {{organization}}. Η ηλεκτρονική του/της υπογραφή είναι κλειδωμένη έως τις {{until}} ({{minutes}} λεπτά).\n\nΑν δεν ήταν ο ίδιος/η ίδια, ο κωδικός πρόσβασης μπορεί να είναι γνωστός σε άλλον: δημιουργήστε νέο.\n\nQualis',
    },
    it: {
      subject: 'Qualis: la firma elettronica di {{person}} è bloccata',
      body: 'Salve {{name}},\n\nsono stati inseriti {{count}} codici di accesso o password errati di seguito durante la firma di {{person}} ({{email}}) in {{organization}}. La sua firma elettronica è bloccata fino alle {{until}} ({{minutes}} minuti).\n\nSe non è stata questa persona, il suo codice di accesso potrebbe essere noto ad altri: generane uno nuovo.\n\nQualis',
    },
    sr: {
      subject: 'Qualis: elektronski potpis korisnika {{person}} je zaključan',
      body: 'Zdravo {{name}},\n\nUneto je {{count}} pogrešnih pristupnih kodova ili lozinki zaredom pri potpisivanju korisnika {{person}} ({{email}}) u organizaciji {{organization}}. Njegov elektronski potpis je zaključan do {{until}} ({{minutes}} minuta).\n\nAko to nije bila ta osoba, neko drugi možda zna njen pristupni kod: generišite novi.\n\nQualis',
    },
    es: {
      subject: 'Qualis: la firma electrónica de {{person}} está bloqueada',
      body: 'Hola, {{name}}:\n\nSe introdujeron {{count}} códigos de acceso o contraseñas incorrectos seguidos al firmar {{person}} ({{email}}) en {{organization}}. Su firma electrónica está bloqueada hasta las {{until}} ({{minutes}} minutos).\n\nSi no fue esa persona, otra podría conocer su código de acceso: genere uno nuevo.\n\nQualis',
    },
    de: {
      subject: 'Qualis: Die elektronische Signatur von {{person}} ist gesperrt',
      body: 'Hallo {{name}},\n\nbeim Signieren von {{person}} ({{email}}) in {{organization}} wurden {{count}} falsche Zugangscodes oder Passwörter in Folge eingegeben. Die elektronische Signatur ist bis {{until}} ({{minutes}} Minuten) gesperrt.\n\nWenn es nicht diese Person war, kennt womöglich jemand anderes ihren Zugangscode: Erzeugen Sie einen neuen.\n\nQualis',
    },
    ru: {
      subject: 'Qualis: электронная подпись {{person}} заблокирована',
      body: 'Здравствуйте, {{name}}!\n\nПри подписании пользователем {{person}} ({{email}}) в {{organization}} {{count}} раз подряд были введены неверный код доступа или пароль. Его электронная подпись заблокирована до {{until}} ({{minutes}} минут).\n\nЕсли это был не он, его код доступа может быть известен другим: создайте новый.\n\nQualis',
    },
  },
  documentReviewed: {
    en: {
      subject: 'Qualis: document #{{number}} revision {{revision}} is reviewed',
      body: 'Hello {{name}},\n\nEvery reviewer has reviewed a document you are responsible for in {{organization}}:\n\n#{{number}} {{documentName}}, revision {{revision}}\n\nOpen it: {{documentUrl}}\n\nQualis',
    },
    el: {
      subject: 'Qualis: το έγγραφο #{{number}} αναθεώρηση {{revision}} ελέγχθηκε',
      body: 'Γεια σας {{name}},\n\nΌλοι οι ελεγκτές έλεγξαν ένα έγγραφο για το οποίο είστε υπεύθυνος/η στο {{organization}}:\n\n#{{number}} {{documentName}}, αναθεώρηση {{revision}}\n\nΑνοίξτε το: {{documentUrl}}\n\nQualis',
    },
    it: {
      subject: 'Qualis: il documento #{{number}} revisione {{revision}} è stato verificato',
      body: 'Salve {{name}},\n\ntutti i revisori hanno verificato un documento di cui sei responsabile in {{organization}}:\n\n#{{number}} {{documentName}}, revisione {{revision}}\n\nAprilo: {{documentUrl}}\n\nQualis',
    },
    sr: {
      subject: 'Qualis: dokument #{{number}} revizija {{revision}} je pregledan',
      body: 'Zdravo {{name}},\n\nSvi recenzenti su pregledali dokument za koji ste odgovorni u organizaciji {{organization}}:\n\n#{{number}} {{documentName}}, revizija {{revision}}\n\nOtvorite ga: {{documentUrl}}\n\nQualis',
    },
    es: {
      subject: 'Qualis: el documento #{{number}} revisión {{revision}} está revisado',
      body: 'Hola, {{name}}:\n\nTodos los revisores han revisado un documento del que es responsable en {{organization}}:\n\n#{{number}} {{documentName}}, revisión {{revision}}\n\nÁbralo: {{documentUrl}}\n\nQualis',
    },
    de: {
      subject: 'Qualis: Dokument #{{number}} Revision {{revision}} ist geprüft',
      body: 'Hallo {{name}},\n\nalle Prüfer haben ein Dokument geprüft, für das Sie in {{organization}} verantwortlich sind:\n\n#{{number}} {{documentName}}, Revision {{revision}}\n\nÖffnen: {{documentUrl}}\n\nQualis',
    },
    ru: {
      subject: 'Qualis: документ #{{number}} редакция {{revision}} проверен',
      body: 'Здравствуйте, {{name}}!\n\nВсе проверяющие проверили документ, за который вы отвечаете в {{organization}}:\n\n#{{number}} {{documentName}}, редакция {{revision}}\n\nОткрыть: {{documentUrl}}\n\nQualis',
    },
  },
  documentApproved: {
    en: {
      subject: 'Qualis: document #{{number}} revision {{revision}} is approved',
      body: 'Hello {{name}},\n\nEvery approver has approved a document you are responsible for in {{organization}}; the revision is final:\n\n#{{number}} {{documentName}}, revision {{revision}}\n\nOpen it: {{documentUrl}}\n\nQualis',
    },
    el: {
      subject: 'Qualis: το έγγραφο #{{number}} αναθεώρηση {{revision}} εγκρίθηκε',
      body: 'Γεια σας {{name}},\n\nΌλοι οι εγκρίνοντες ενέκριναν ένα έγγραφο για το οποίο είστε υπεύθυνος/η στο {{organization}}· η αναθεώρηση είναι οριστική:\n\n#{{number}} {{documentName}}, αναθεώρηση {{revision}}\n\nΑνοίξτε το: {{documentUrl}}\n\nQualis',
    },
    it: {
      subject: 'Qualis: il documento #{{number}} revisione {{revision}} è approvato',
      body: 'Salve {{name}},\n\ntutti gli approvatori hanno approvato un documento di cui sei responsabile in {{organization}}; la revisione è definitiva:\n\n#{{number}} {{documentName}}, revisione {{revision}}\n\nAprilo: {{documentUrl}}\n\nQualis',
    },
    sr: {
      subject: 'Qualis: dokument #{{number}} revizija {{revision}} je odobren',
      body: 'Zdravo {{name}},\n\nSvi odobravaoci su odobrili dokument za koji ste odgovorni u organizaciji {{organization}}; revizija je konačna:\n\n#{{number}} {{documentName}}, revizija {{revision}}\n\nOtvorite ga: {{documentUrl}}\n\nQualis',
    },
    es: {
      subject: 'Qualis: el documento #{{number}} revisión {{revision}} está aprobado',
      body: 'Hola, {{name}}:\n\nTodos los aprobadores han aprobado un documento del que es responsable en {{organization}}; la revisión es definitiva:\n\n#{{number}} {{documentName}}, revisión {{revision}}\n\nÁbralo: {{documentUrl}}\n\nQualis',
    },
    de: {
      subject: 'Qualis: Dokument #{{number}} Revision {{revision}} ist freigegeben',
      body: 'Hallo {{name}},\n\nalle Freigebenden haben ein Dokument freigegeben, für das Sie in {{organization}} verantwortlich sind; die Revision ist endgültig:\n\n#{{number}} {{documentName}}, Revision {{revision}}\n\nÖffnen: {{documentUrl}}\n\nQualis',
    },
    ru: {
      subject: 'Qualis: документ #{{number}} редакция {{revision}} утверждён',
      body: 'Здравствуйте, {{name}}!\n\nВсе утверждающие утвердили документ, за который вы отвечаете в {{organization}}; редакция окончательная:\n\n#{{number}} {{documentName}}, редакция {{revision}}\n\nОткрыть: {{documentUrl}}\n\nQualis',
    },
  },
  documentRejected: {
    en: {
      subject: 'Qualis: document #{{number}} revision {{revision}} is rejected',
      body: 'Hello {{name}},\n\n{{signer}} rejected a document you are responsible for in {{organization}}:\n\n#{{number}} {{documentName}}, revision {{revision}}\nComment: {{comment}}\n\nChange it (General, Quality Actions or References) to have it signed again: {{documentUrl}}\n\nQualis',
    },
    el: {
      subject: 'Qualis: το έγγραφο #{{number}} αναθεώρηση {{revision}} απορρίφθηκε',
      body: 'Γεια σας {{name}},\n\nΟ/Η {{signer}} απέρριψε ένα έγγραφο για το οποίο είστε υπεύθυνος/η στο {{organization}}:\n\n#{{number}} {{documentName}}, αναθεώρηση {{revision}}\nΣχόλιο: {{comment}}\n\nΑλλάξτε το (Γενικά, Ενέργειες ποιότητας ή Αναφορές) για να υπογραφεί ξανά: {{documentUrl}}\n\nQualis',
    },
    it: {
      subject: 'Qualis: il documento #{{number}} revisione {{revision}} è stato respinto',
      body: 'Salve {{name}},\n\n{{signer}} ha respinto un documento di cui sei responsabile in {{organization}}:\n\n#{{number}} {{documentName}}, revisione {{revision}}\nCommento: {{comment}}\n\nModificalo (Generale, Azioni di qualità o Riferimenti) per farlo firmare di nuovo: {{documentUrl}}\n\nQualis',
    },
    sr: {
      subject: 'Qualis: dokument #{{number}} revizija {{revision}} je odbijen',
      body: 'Zdravo {{name}},\n\n{{signer}} je odbio/la dokument za koji ste odgovorni u organizaciji {{organization}}:\n\n#{{number}} {{documentName}}, revizija {{revision}}\nKomentar: {{comment}}\n\nIzmenite ga (Opšte, Akcije kvaliteta ili Reference) da bi bio ponovo potpisan: {{documentUrl}}\n\nQualis',
    },
    es: {
      subject: 'Qualis: el documento #{{number}} revisión {{revision}} está rechazado',
      body: 'Hola, {{name}}:\n\n{{signer}} rechazó un documento del que es responsable en {{organization}}:\n\n#{{number}} {{documentName}}, revisión {{revision}}\nComentario: {{comment}}\n\nModifíquelo (General, Acciones de calidad o Referencias) para que se firme otra vez: {{documentUrl}}\n\nQualis',
    },
    de: {
      subject: 'Qualis: Dokument #{{number}} Revision {{revision}} ist abgelehnt',
      body: 'Hallo {{name}},\n\n{{signer}} hat ein Dokument abgelehnt, für das Sie in {{organization}} verantwortlich sind:\n\n#{{number}} {{documentName}}, Revision {{revision}}\nKommentar: {{comment}}\n\nÄndern Sie es (Allgemein, Qualitätsmaßnahmen oder Referenzen), damit es neu signiert wird: {{documentUrl}}\n\nQualis',
    },
    ru: {
      subject: 'Qualis: документ #{{number}} редакция {{revision}} отклонён',
      body: 'Здравствуйте, {{name}}!\n\n{{signer}} отклонил(а) документ, за который вы отвечаете в {{organization}}:\n\n#{{number}} {{documentName}}, редакция {{revision}}\nКомментарий: {{comment}}\n\nИзмените его (Общее, Действия по качеству или Ссылки), чтобы его подписали снова: {{documentUrl}}\n\nQualis',
    },
  },
  auditSeal: {
    en: {
      subject: 'Qualis: audit trail seal of {{organization}}, {{sealedAt}}',
      body: 'Hello {{name}},\n\nThe audit trail of {{organization}} was sealed on {{sealedAt}}:\n\nLast event: {{lastSeq}}\nIts SHA-256: {{lastHash}}\n\nKeep this e-mail. Qualis checks the audit trail against its latest seal; if events up to this one were ever removed or changed, the trail would no longer match the seal you hold.\n\nQualis',
    },
    el: {
      subject: 'Qualis: σφράγιση του ίχνους ελέγχου του {{organization}}, {{sealedAt}}',
      body: 'Γεια σας {{name}},\n\nΤο ίχνος ελέγχου του {{organization}} σφραγίστηκε στις {{sealedAt}}:\n\nΤελευταίο συμβάν: {{lastSeq}}\nΤο SHA-256 του: {{lastHash}}\n\nΚρατήστε αυτό το e-mail. Το Qualis ελέγχει το ίχνος ελέγχου έναντι της τελευταίας σφραγίδας του· αν ποτέ αφαιρεθούν ή αλλάξουν συμβάντα έως αυτό, το ίχνος δεν θα ταιριάζει πια με τη σφραγίδα που κρατάτε.\n\nQualis',
    },
    it: {
      subject: 'Qualis: sigillo dell’audit trail di {{organization}}, {{sealedAt}}',
      body: 'Salve {{name}},\n\nl’audit trail di {{organization}} è stato sigillato il {{sealedAt}}:\n\nUltimo evento: {{lastSeq}}\nIl suo SHA-256: {{lastHash}}\n\nConserva questa e-mail. Qualis verifica l’audit trail rispetto al suo ultimo sigillo; se eventi fino a questo venissero rimossi o modificati, il trail non corrisponderebbe più al sigillo che conservi.\n\nQualis',
    },
    sr: {
      subject: 'Qualis: pečat revizijskog traga organizacije {{organization}}, {{sealedAt}}',
      body: 'Zdravo {{name}},\n\nRevizijski trag organizacije {{organization}} je zapečaćen {{sealedAt}}:\n\nPoslednji događaj: {{lastSeq}}\nNjegov SHA-256: {{lastHash}}\n\nSačuvajte ovaj e-mail. Qualis proverava revizijski trag prema njegovom poslednjem pečatu; ako bi događaji do ovog ikada bili uklonjeni ili izmenjeni, trag se više ne bi slagao sa pečatom koji čuvate.\n\nQualis',
    },
    es: {
      subject: 'Qualis: sello de la pista de auditoría de {{organization}}, {{sealedAt}}',
      body: 'Hola, {{name}}:\n\nLa pista de auditoría de {{organization}} se selló el {{sealedAt}}:\n\nÚltimo evento: {{lastSeq}}\nSu SHA-256: {{lastHash}}\n\nConserve este correo. Qualis comprueba la pista de auditoría frente a su último sello; si alguna vez se eliminaran o cambiaran eventos hasta este, la pista ya no coincidiría con el sello que usted conserva.\n\nQualis',
    },
    de: {
      subject: 'Qualis: Siegel des Audit-Trails von {{organization}}, {{sealedAt}}',
      body: 'Hallo {{name}},\n\nder Audit-Trail von {{organization}} wurde am {{sealedAt}} versiegelt:\n\nLetztes Ereignis: {{lastSeq}}\nSein SHA-256: {{lastHash}}\n\nBewahren Sie diese E-Mail auf. Qualis prüft den Audit-Trail gegen sein letztes Siegel; würden Ereignisse bis zu diesem je entfernt oder geändert, passte der Trail nicht mehr zu dem Siegel, das Sie aufbewahren.\n\nQualis',
    },
    ru: {
      subject: 'Qualis: печать журнала аудита {{organization}}, {{sealedAt}}',
      body: 'Здравствуйте, {{name}}!\n\nЖурнал аудита {{organization}} запечатан {{sealedAt}}:\n\nПоследнее событие: {{lastSeq}}\nЕго SHA-256: {{lastHash}}\n\nСохраните это письмо. Qualis проверяет журнал аудита по его последней печати; если события до этого когда-либо будут удалены или изменены, журнал перестанет совпадать с печатью, которая есть у вас.\n\nQualis',
    },
  },
} satisfies Record<string, TemplateSet>;

export type TemplateName = keyof typeof templates;

export function renderMail(
  name: TemplateName,
  language: Language,
  values: Record<string, string | number>,
): { subject: string; text: string } {
  const template = (templates[name] as TemplateSet)[language];
  const fill = (text: string) =>
    text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
      const value = values[key];
      if (value === undefined) throw new Error(`mail template ${name} needs a value for ${key}`);
      return String(value);
    });
  return { subject: fill(template.subject), text: fill(template.body) };
}
