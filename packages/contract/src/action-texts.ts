import { z } from 'zod';
import { formatDay } from './days.js';
import { DEFAULT_LANGUAGE, type Language } from './languages.js';

/**
 * The names and descriptions of automatic actions (spec 03 sections 1 and 9), in every shipped
 * language. An automatic action stores its text's key and parameters besides the English name and
 * description; the web shows it in the reader's language and the server writes it in the
 * recipient's for e-mails (docs/decisions/0016-automatic-actions.md). One table serves both, so
 * the words a person reads in the list and in their e-mail are the same.
 *
 *   documentId  the revision's Document ID (SOP-007), or its System # (#12) when it has none
 *   date        a periodic review's date, YYYY-MM-DD (shown as the language writes a day)
 */
export const ACTION_TEXT_KEYS = [
  'reviewDocument',
  'approveDocument',
  'releaseDocument',
  'linkTraining',
  'passTraining',
  'reviewDocumentPeriodically',
] as const;
export type ActionTextKey = (typeof ACTION_TEXT_KEYS)[number];

export const ZActionTextKey = z.enum(ACTION_TEXT_KEYS);
/** The values of a text's `{placeholders}`. */
export const ZActionTextParams = z.record(z.string(), z.string());
export type ActionTextParams = z.infer<typeof ZActionTextParams>;

interface ActionText {
  name: string;
  description: string;
}

export const ACTION_TEXTS: Record<Language, Record<ActionTextKey, ActionText>> = {
  en: {
    reviewDocument: {
      name: 'Review {documentId} "{name}" revision {revision}',
      description: 'You are a reviewer of this document revision: read it and sign your review (Reviewed or Rejected).',
    },
    approveDocument: {
      name: 'Approve {documentId} "{name}" revision {revision}',
      description:
        'You are an approver of this document revision: once its reviews are complete, sign your approval with your access code.',
    },
    releaseDocument: {
      name: 'Bring {documentId} "{name}" revision {revision} to release',
      description: 'You are responsible for this document revision until it is final.',
    },
    linkTraining: {
      name: 'Link a training to {documentId} "{name}" revision {revision}',
      description: 'The approved revision requires training: link a training record to it, or create one.',
    },
    passTraining: {
      name: 'Pass the training #{number} "{name}"',
      description: 'You are assigned to this training: read its material and pass its quiz.',
    },
    reviewDocumentPeriodically: {
      name: 'Review {documentId} "{name}" by {date}',
      description:
        "The document's periodic review is due: check it is still right, then release a new revision or sign 'Reviewed, no change'.",
    },
  },
  de: {
    reviewDocument: {
      name: '{documentId} „{name}“ Revision {revision} prüfen',
      description:
        'Sie sind Prüfer dieser Dokumentrevision: Lesen Sie sie und signieren Sie Ihre Prüfung (Geprüft oder Abgelehnt).',
    },
    approveDocument: {
      name: '{documentId} „{name}“ Revision {revision} freigeben',
      description:
        'Sie sind Freigebender dieser Dokumentrevision: Sobald alle Prüfungen vorliegen, signieren Sie Ihre Freigabe mit Ihrem Zugangscode.',
    },
    releaseDocument: {
      name: '{documentId} „{name}“ Revision {revision} zur Freigabe bringen',
      description: 'Sie sind für diese Dokumentrevision verantwortlich, bis sie final ist.',
    },
    linkTraining: {
      name: 'Eine Schulung mit {documentId} „{name}“ Revision {revision} verknüpfen',
      description:
        'Die freigegebene Revision erfordert eine Schulung: Verknüpfen Sie einen Schulungsnachweis mit ihr oder legen Sie einen an.',
    },
    passTraining: {
      name: 'Die Schulung #{number} „{name}“ bestehen',
      description: 'Ihnen ist diese Schulung zugewiesen: Lesen Sie das Material und bestehen Sie das Quiz.',
    },
    reviewDocumentPeriodically: {
      name: '{documentId} „{name}“ bis {date} überprüfen',
      description:
        'Die regelmäßige Überprüfung des Dokuments steht an: Prüfen Sie, ob es noch stimmt, und geben Sie eine neue Revision frei oder signieren Sie „Überprüft, keine Änderung“.',
    },
  },
  el: {
    reviewDocument: {
      name: 'Έλεγχος {documentId} «{name}» αναθεώρηση {revision}',
      description:
        'Είστε ελεγκτής αυτής της αναθεώρησης εγγράφου: διαβάστε την και υπογράψτε τον έλεγχό σας (Ελέγχθηκε ή Απορρίφθηκε).',
    },
    approveDocument: {
      name: 'Έγκριση {documentId} «{name}» αναθεώρηση {revision}',
      description:
        'Είστε εγκρίνων αυτής της αναθεώρησης εγγράφου: μόλις ολοκληρωθούν οι έλεγχοι, υπογράψτε την έγκρισή σας με τον κωδικό πρόσβασής σας.',
    },
    releaseDocument: {
      name: 'Οριστικοποίηση {documentId} «{name}» αναθεώρηση {revision}',
      description: 'Είστε υπεύθυνος για αυτή την αναθεώρηση εγγράφου μέχρι να γίνει οριστική.',
    },
    linkTraining: {
      name: 'Σύνδεση εκπαίδευσης με {documentId} «{name}» αναθεώρηση {revision}',
      description:
        'Η εγκεκριμένη αναθεώρηση απαιτεί εκπαίδευση: συνδέστε μια εγγραφή εκπαίδευσης με αυτήν ή δημιουργήστε μία.',
    },
    passTraining: {
      name: 'Ολοκλήρωση της εκπαίδευσης #{number} «{name}»',
      description: 'Σας ανατέθηκε αυτή η εκπαίδευση: διαβάστε το υλικό της και περάστε το κουίζ της.',
    },
    reviewDocumentPeriodically: {
      name: 'Επανεξέταση {documentId} «{name}» έως {date}',
      description:
        'Η περιοδική επανεξέταση του εγγράφου πλησιάζει: ελέγξτε ότι ισχύει ακόμη και εκδώστε νέα αναθεώρηση ή υπογράψτε «Επανεξετάστηκε, χωρίς αλλαγή».',
    },
  },
  it: {
    reviewDocument: {
      name: 'Rivedere {documentId} «{name}» revisione {revision}',
      description:
        'Sei un revisore di questa revisione del documento: leggila e firma la tua revisione (Rivisto o Respinto).',
    },
    approveDocument: {
      name: 'Approvare {documentId} «{name}» revisione {revision}',
      description:
        'Sei un approvatore di questa revisione del documento: quando le revisioni sono complete, firma la tua approvazione con il tuo codice di accesso.',
    },
    releaseDocument: {
      name: 'Portare al rilascio {documentId} «{name}» revisione {revision}',
      description: 'Sei responsabile di questa revisione del documento finché non è definitiva.',
    },
    linkTraining: {
      name: 'Collegare una formazione a {documentId} «{name}» revisione {revision}',
      description: 'La revisione approvata richiede una formazione: collega un record di formazione o creane uno.',
    },
    passTraining: {
      name: 'Superare la formazione #{number} «{name}»',
      description: 'Ti è stata assegnata questa formazione: leggi il materiale e supera il quiz.',
    },
    reviewDocumentPeriodically: {
      name: 'Riesaminare {documentId} «{name}» entro il {date}',
      description:
        'Il riesame periodico del documento è in scadenza: verificate che sia ancora corretto, poi rilasciate una nuova revisione o firmate «Riesaminato, nessuna modifica».',
    },
  },
  es: {
    reviewDocument: {
      name: 'Revisar {documentId} «{name}» revisión {revision}',
      description: 'Es revisor de esta revisión del documento: léala y firme su revisión (Revisado o Rechazado).',
    },
    approveDocument: {
      name: 'Aprobar {documentId} «{name}» revisión {revision}',
      description:
        'Es aprobador de esta revisión del documento: cuando sus revisiones estén completas, firme su aprobación con su código de acceso.',
    },
    releaseDocument: {
      name: 'Llevar {documentId} «{name}» revisión {revision} a su publicación',
      description: 'Es responsable de esta revisión del documento hasta que sea definitiva.',
    },
    linkTraining: {
      name: 'Vincular una formación a {documentId} «{name}» revisión {revision}',
      description: 'La revisión aprobada requiere formación: vincule un registro de formación o cree uno.',
    },
    passTraining: {
      name: 'Superar la formación #{number} «{name}»',
      description: 'Se le ha asignado esta formación: lea su material y supere su cuestionario.',
    },
    reviewDocumentPeriodically: {
      name: 'Revisar {documentId} «{name}» antes del {date}',
      description:
        'La revisión periódica del documento vence pronto: compruebe que sigue siendo correcto y publique una nueva revisión o firme «Revisado, sin cambios».',
    },
  },
  sr: {
    reviewDocument: {
      name: 'Pregledati {documentId} „{name}“ revizija {revision}',
      description:
        'Vi ste recenzent ove revizije dokumenta: pročitajte je i potpišite svoj pregled (Pregledano ili Odbijeno).',
    },
    approveDocument: {
      name: 'Odobriti {documentId} „{name}“ revizija {revision}',
      description:
        'Vi ste odobravalac ove revizije dokumenta: kada su pregledi završeni, potpišite svoje odobrenje svojim pristupnim kodom.',
    },
    releaseDocument: {
      name: 'Dovesti {documentId} „{name}“ reviziju {revision} do objavljivanja',
      description: 'Odgovorni ste za ovu reviziju dokumenta dok ne postane konačna.',
    },
    linkTraining: {
      name: 'Povezati obuku sa {documentId} „{name}“ revizija {revision}',
      description: 'Odobrena revizija zahteva obuku: povežite zapis o obuci sa njom ili napravite novi.',
    },
    passTraining: {
      name: 'Položiti obuku #{number} „{name}“',
      description: 'Dodeljena vam je ova obuka: pročitajte materijal i položite kviz.',
    },
    reviewDocumentPeriodically: {
      name: 'Preispitati {documentId} „{name}“ do {date}',
      description:
        'Periodično preispitivanje dokumenta uskoro dospeva: proverite da li je i dalje ispravan, pa izdajte novu reviziju ili potpišite „Preispitano, bez izmena“.',
    },
  },
  ru: {
    reviewDocument: {
      name: 'Проверить {documentId} «{name}», редакция {revision}',
      description:
        'Вы проверяющий этой редакции документа: прочитайте её и подпишите свою проверку (Проверено или Отклонено).',
    },
    approveDocument: {
      name: 'Утвердить {documentId} «{name}», редакция {revision}',
      description:
        'Вы утверждающий этой редакции документа: когда проверки завершены, подпишите утверждение своим кодом доступа.',
    },
    releaseDocument: {
      name: 'Довести {documentId} «{name}», редакция {revision}, до выпуска',
      description: 'Вы отвечаете за эту редакцию документа, пока она не станет окончательной.',
    },
    linkTraining: {
      name: 'Привязать обучение к {documentId} «{name}», редакция {revision}',
      description: 'Утверждённая редакция требует обучения: привяжите к ней запись об обучении или создайте новую.',
    },
    passTraining: {
      name: 'Пройти обучение #{number} «{name}»',
      description: 'Вам назначено это обучение: изучите материалы и пройдите тест.',
    },
    reviewDocumentPeriodically: {
      name: 'Пересмотреть {documentId} «{name}» до {date}',
      description:
        'Подходит срок периодического пересмотра документа: проверьте, что он по-прежнему верен, и выпустите новую ревизию или подпишите «Пересмотрено, без изменений».',
    },
  },
};

/** The text with its placeholders' values; `{date}` as `language` writes a day. */
const fill = (text: string, params: ActionTextParams, language: string) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return name === 'date' ? formatDay(value, language) : value;
  });

const textOf = (key: string, language: string): ActionText | undefined =>
  (ACTION_TEXTS[language as Language] ?? ACTION_TEXTS[DEFAULT_LANGUAGE])[key as ActionTextKey];

/** An automatic action's name in a language (English when the language is not shipped). */
export function actionTextName(key: ActionTextKey, params: ActionTextParams, language: string): string {
  return fill(textOf(key, language)!.name, params, language);
}

/** The fields of an action that say how to show its name and description. */
export interface KeyedActionTexts {
  name: string;
  description?: string;
  nameKey?: string | null;
  nameParams?: ActionTextParams | null;
  descriptionKey?: string | null;
}

/**
 * An action's name as a reader of `language` reads it: the keyed text in that language, or the
 * stored name (a manual action, a renamed one, or a key this client does not know).
 */
export function localActionName(action: KeyedActionTexts, language: string): string {
  const text = action.nameKey ? textOf(action.nameKey, language) : undefined;
  return text ? fill(text.name, action.nameParams ?? {}, language) : action.name;
}

/** An action's description as a reader of `language` reads it; the stored one when it has no key. */
export function localActionDescription(action: KeyedActionTexts, language: string): string {
  const text = action.descriptionKey ? textOf(action.descriptionKey, language) : undefined;
  return text ? text.description : (action.description ?? '');
}
