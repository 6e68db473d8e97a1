/**
 * Texts people read. The server answers with them in `errors[0].message` and the browser shows
 * them; keeping them here means both sides say the same thing.
 */
export const messages = {
  requestFailed: 'Request failed',
  accessDenied: 'Access denied. Please, contact your support team.',
  notFound: 'The requested item was not found.',
  routeNotFound: 'This address does not exist in the API.',
  internal: 'Something went wrong on our side. Please, try again later.',
  invalidJson: 'The request body is not valid JSON.',
  bodyTooLarge: 'The request is too large.',
  unsupportedMediaType: 'This content type is not supported.',
  badUrl: 'The request address is not valid.',
  uriTooLong: 'The request address is too long.',
  headersTooLarge: 'The request headers are too large.',
  requestTimeout: 'The request took too long to arrive.',
  controlCharacter: 'Remove the control characters (such as NUL) from this text.',
  illFormedText: 'This text contains a broken character (a lone UTF-16 surrogate). Please, remove it or type it again.',
  nestedTooDeeply: 'The request is nested too deeply.',
  rateLimited: 'Too many requests. Please, wait a moment and try again.',
  fieldRequired: 'This field is required',
  invalidEmail: 'Please, enter a valid e-mail address',
  nameTooLong: 'Must be 100 characters or fewer',
  invalidCredentials: 'The e-mail or password is incorrect.',
  signInLocked: 'Too many failed sign-in attempts. Please, wait 15 minutes and try again.',
  sessionExpired: 'Your session has expired. Please, sign in again.',
  passwordTooShort: 'Your password must be more than 8 symbols',
  passwordTooLong: 'Your password must be less than 50 symbols',
  passwordPattern: 'Password should contain at least one letter, one digit, and one capital letter',
  passwordCharacters: 'Password may contain only letters, digits and the symbols ! @ # $ % ^ & * ( ); no spaces',
  passwordMismatch: "Password doesn't match",
  noAccessPermissions:
    'You currently have no access permissions allowed within the current Organization. Please, contact your administrator or support team for more information and help',
  organizationInactive: 'This organization is inactive. Please, contact your support team.',
  membershipInactive: 'Your membership in this organization is inactive. Please, contact your administrator.',
  pageNotFound: 'Sorry, page not found',
  invalidSortColumn: 'This column cannot be used for sorting.',
  imageFormat: 'Please, upload a file in one of the formats allowed: JPG, JPGs, JPEG, PNG, SVG',
  imageTooLarge: 'Please, upload an image - 10Mb max.',
  fileTooLarge: 'The file is too large, please upload a file 30Mb max.',
  fileMissing: 'Please, choose a file to upload.',
  fileTypeNotAllowed:
    'This type of file is not allowed. Please, upload a PDF, Word, Excel, PowerPoint or OpenDocument file, an image (PNG, JPEG, GIF, WebP), or a text or CSV file.',
  fileTypeMismatch: "The file's content does not match its extension. Please, check the file and upload it again.",
  fileNotText: 'A text or CSV file must contain UTF-8 text. Please, save it as UTF-8 and upload it again.',
  uploadUnreadable: 'The upload could not be read. Please, try again.',
  uploadFieldName: 'Please, send the file in the form field named "file".',
  organizationCreated: 'Organization has been successfully created!',
  organizationRenamed: 'Organization name has been edited successfully',
  organizationStatusChanged: 'Status has been successfully changed',
  organizationDeleted: 'Organization has been deleted successfully',
  noRecordsToExport: 'No records to export',
  reportBeingGenerated: 'Your report is being generated, please, wait.',
  exportFileExpired: 'This export link has expired. Please, export the list again.',
  invalidDate: 'Please, enter a date as YYYY-MM-DD',
  invalidInfoType: 'Unknown info type',
  invalidFlag: 'Must be true or false',
  logsExportSelectionRequired: 'Please, choose organizations and info types, or include organization changes',
  logsExportDateRangeRequired: 'Please, choose a date range',
  logsExportDateRangeOrder: 'The start date must not be after the end date',
  logsExportDateRangeLimit: 'The date range must lie between three months ago and today',
  // Accounts and profile (spec 01 sections 5, 7, 8; spec 02 set-password and e-mail confirmation).
  resetLinkPromised: 'If you have an account with the email provided, we will send you a reset link',
  resetLinkExpired: 'Your session to reset your password has expired. Please, click "Forgot password"',
  setPasswordLinkExpired: 'This link has expired. Please, ask your administrator to send the invitation again.',
  confirmEmailLinkExpired: 'This confirmation link has expired. Please, send a new one from your profile.',
  linkInvalid: 'This link is not valid or has already been used. Please, ask for a new one.',
  passwordUpdated: 'Your password has been updated successfully!',
  passwordSetUp: 'Your password has been set up successfully',
  passwordChanged: 'Your password is changed.',
  passwordIncorrect: 'The password is incorrect.',
  currentPasswordIncorrect: 'The current password is incorrect.',
  passwordAlreadySet: 'The password is already set.',
  resetLinkSentToMailbox: 'Reset link are sended to your mailbox',
  notOwnEmail: 'Please, enter the e-mail of your account.',
  nameUpdated: 'Your name is updated',
  emailUpdated: 'Your email is updated',
  confirmationLinkSent: 'The new email with the confirmation link is sent to your new mailbox',
  newEmailConfirmed: 'Your new email is confirmed successfully, please, use it for Login',
  emailTaken: 'This e-mail is already used by another account.',
  emailNotConfirmed: 'The e-mail can be changed only after the current e-mail is confirmed.',
  emailUnchanged: 'This is already the e-mail of the account.',
  accountUpdateEmpty: 'Please, send a new e-mail, or a first and a last name.',
  noPendingEmail: 'There is no new e-mail waiting for confirmation.',
  linkResendLimit: 'This link can be sent at most 5 times in 24 hours. Please, try again later.',
  welcomeMailSent: 'The Welcome Email is sent to the {role} email {email}',
  imageIdMismatch: 'The image in the body differs from the image in the address.',
  // Admins and Users of an organization, access codes (spec 02 sections 4, 5, 8).
  adminCreated: 'Admin has been successfully created',
  userCreated: 'User has been successfully created',
  adminsAdded: 'Admin(s) have been successfully added',
  usersAdded: 'User(s) have been successfully added',
  adminDeleted: 'Admin has been successfully deleted',
  userDeleted: 'User has been successfully deleted',
  choosePeople: 'Please, choose at least one person.',
  chooseOrganizations: 'Please, choose at least one organization.',
  personNotDeletable: 'Only a person who is inactive and has not confirmed the e-mail can be deleted.',
  personHasRecords:
    'This person is named in records (such as actions) and cannot be deleted. Please, keep them inactive.',
  accessCodeSent: 'The access code has been sent to {email}',
  accessCodeStillValid:
    'Your access code is still valid: please, use the code sent to you by e-mail. If you have lost it, ask an Admin of your organization to generate a new one.',
  accessCodeSendLimit: 'An access code can be sent once in 5 minutes. Please, check your e-mail or try again later.',
  // User groups, permissions and organization settings (spec 02 sections 4, 5, 6, 8).
  userGroupCreated: 'User Group has been successfully created',
  userGroupEdited: 'User Group has been successfully edited',
  userGroupDuplicated: 'User Group has been successfully duplicated',
  userGroupDeleted: 'User Group has been successfully deleted',
  userGroupNameTaken: 'A User Group with this name already exists in this organization.',
  userGroupAcknowledge: 'Please, acknowledge that the users of this User Group lose its permissions.',
  userGroupReceiverSame: 'Please, choose another User Group to receive the users.',
  groupUsersOnlyUsers: 'Only Users of this organization can be added to a User Group.',
  groupUserRemoved: 'User has been successfully removed from the User Group',
  // Training and HR records (spec 03 sections 5 and 8).
  trainingAnswersTooFew: 'Each question needs at least 2 answers.',
  trainingNoCorrectAnswer: 'Each question needs at least one correct answer.',
  trainingAcknowledgeRequired: 'Please, tick both acknowledgements to pass the training.',
  trainingAssigneeRequired: 'Please, choose at least one assignee: a person or a user group.',
  chooseTrainings: 'Please, choose at least one training record.',
  trainingCreated: 'The training is created successfully',
  trainingLinkedToDocument: 'The training is linked to the document',
  trainingUpdated: 'The training is updated successfully',
  trainingDeleted: 'The Training is deleted',
  trainingPassed: 'You passed the training.',
  trainingFailed: 'You did not pass the training. Please, read the training material and try again.',
  trainingAssigneesNotMembers: 'Every assignee must be an active member of this organization.',
  trainingGroupsUnknown: 'One or more of the user groups do not exist in this organization.',
  trainingNotAssigned: 'Only a person assigned to this training can pass it.',
  trainingAlreadyPassed: 'You have already passed this training.',
  trainingQuestionsUnanswered: 'Please, choose at least one answer for every question.',
  trainingAnswersUnknown: 'The answers do not belong to the questions of this training.',
  trainingDocumentUnknown: 'The document revision to link does not exist in this organization.',
  trainingDocumentLinked: 'This document revision is already linked to a training.',
  trainingRecordUnknown: 'The training record does not exist in this organization.',
  trainingNotOfGroup: 'Please, choose trainings the user group is assigned to.',
  trainingPassedNotUnassigned: 'A training the person has already passed cannot be unassigned.',
  chooseHrRecords: 'Please, choose at least one HR record.',
  unknownPermissionType: 'Unknown permission type',
  unknownRestriction: 'Please, choose no restriction, client or HR-limited.',
  restrictionChanged: 'The restriction has been successfully changed',
  permissionRequiresParent: 'Please, switch on "{permission}" first.',
  documentTypeCreated: 'Document type has been successfully created',
  documentTypeDeleted: 'Document type has been successfully deleted',
  documentTypeNameTaken: 'A document type with this name already exists in this organization.',
  tagCreated: 'The tag has been successfully created',
  tagDeleted: 'The tag has been successfully deleted',
  tagNameTaken: 'A tag with this name already exists in this organization.',
  // Actions (spec 03 sections 5 and 8).
  actionCreated: 'Your action is created',
  actionUpdated: 'The action is updated successfully',
  actionDeleted: 'The action is deleted',
  actionStatusInvalid: 'Please, choose a status: To do (0) or Complete (1).',
  actionAssigneeNotMember: 'The assignee must be an active member of this organization.',
  actionAssignerNotMember: 'The assigner must be an active member of this organization.',
  actionStatusOnly: 'You may change only the status of this action.',
  chooseActions: 'Please, choose at least one action.',
  actionAssigneeFilterInvalid: 'Please, choose the assignee to filter by from the list.',
  actionDueDateRangeOrder: 'The due date "from" must not be after the due date "to".',
  automaticActionStatus: 'This action completes itself when the work it asks for is done.',
  automaticActionAssignee: 'The assignee of this action is chosen on the record it belongs to.',
  // Notifications (spec 03 sections 2 and 7).
  notificationDismissed: 'The notification is dismissed',
  notificationsDismissed: 'All notifications are dismissed',
  notificationAlreadyDismissed: 'This notification is already dismissed.',
  linkNotHttp: 'A link must start with http:// or https://',
  recordLinkOtherOrganization: 'A link to a record must lead to a record of this organization.',
  tagsUnknown: 'One or more of the tags do not exist in this organization.',
  // Documents (spec 03 sections 5, 8 and 9; docs/decisions/0018-documents.md).
  documentCreated: 'Your document is created',
  documentUpdated: 'The document is updated successfully',
  documentRevisionSaved: 'The Document Revision is saved',
  documentDeleted: 'The Document is deleted',
  documentsDeleted: 'The Documents are deleted',
  documentRevisionDeleted: 'The Document Revision is deleted',
  documentSetAsFinal: 'The Document Revision is set as final',
  documentQualityTasksSaved: 'The quality actions are saved',
  documentReferencesSaved: 'The references are saved',
  chooseDocuments: 'Please, choose at least one document.',
  chooseDocumentTypes: 'Please, choose at least one document type.',
  documentRevisionInvalid: 'The revision must be a whole number from 1 to 999999999.',
  documentRevisionNotNext: 'The new revision must be {revision} (the latest revision plus 1).',
  documentIdentityTaken: 'A document with this type, name and revision already exists in this organization.',
  documentTypeUnknown: 'Please, choose a document type of this organization.',
  documentFileUnknown: 'Please, upload the file to this organization first.',
  documentResponsibleNotMember: 'The responsible person must be an active member of this organization.',
  documentSignerNotMember: 'Reviewers and approvers must be active members of this organization.',
  documentRevisionLocked: 'This revision cannot be edited: it is final, or its review or approval is in progress.',
  documentRevisionFinal: 'This revision is final and cannot be changed.',
  documentSignersOfApproved: 'The reviewers and approvers of an approved revision cannot be changed.',
  documentSignerResponded: '{name} has already responded to this revision and cannot be removed.',
  documentFinalNeedsNoSigners:
    'Only a revision without reviewers and approvers can be set as final; it becomes final when approved.',
  documentAlreadyFinal: 'This revision is already final.',
  documentFinalReasonRequired: 'Please, give the reason for setting this revision as final.',
  documentLastRevision: 'The only revision of a document cannot be deleted; delete the document instead.',
  documentRevisionSigned: 'A revision with reviews or approvals cannot be deleted.',
  documentTypeInUse: 'This document type is used by documents and cannot be deleted.',
  // Released records are withdrawn, never deleted (issue 23; docs/decisions/0026-withdraw-released-documents.md).
  documentReleasedNoDelete: 'Document #{number} was released and cannot be deleted; withdraw it instead.',
  documentRevisionReleasedNoDelete: 'Revision {revision} was released and cannot be deleted; withdraw it instead.',
  documentNeverReleased: 'This document was never released: delete it instead of withdrawing it.',
  documentRevisionNotReleased: 'Only a final revision can be withdrawn; a draft is deleted instead.',
  documentAlreadyObsolete: 'This is already withdrawn (Obsolete).',
  documentRevisionObsolete: 'This revision is withdrawn (Obsolete) and cannot be changed or signed.',
  documentWithdrawReasonRequired: 'Please, give the reason for withdrawing.',
  documentWithdrawPasswordRequired: 'Please, enter your password to sign the withdrawal.',
  documentWithdrawn: 'The Document is withdrawn (Obsolete)',
  documentRevisionWithdrawn: 'The Document Revision is withdrawn (Obsolete)',
  referenceTypeInvalid:
    'Please, choose a reference type: Document (0), Action (1), Training record (2) or HR record (3).',
  referenceIncomplete: 'A reference needs a record (its type and id) or an http:// or https:// link.',
  referenceRecordUnknown: 'A referenced record does not exist in this organization.',
  referenceUnknown: 'A reference to keep does not belong to this revision.',
  signatureResponseRequired: 'Please, choose a response.',
  signatureResponseInvalid: 'Please, choose a response: Reviewed or Approved (0) or Rejected (1).',
  signatureCommentTooLong: 'The comment must be 300 characters or fewer.',
  accessCodeRequired: 'Please, enter your access code.',
  accessCodeInvalid: 'The access code is a number of at most 6 digits.',
  accessCodeWrong: 'The access code is incorrect.',
  accessCodeMissing:
    "You have no valid access code. Please, choose 'Send me my access code' and use the code from the e-mail.",
  signingPasswordRequired: 'Please, enter your password to sign.',
  signingLocked:
    'After 5 wrong access codes or passwords in a row, your signing is locked until {until}. Please, try again then.',
  reviewNotReviewer: 'Only a reviewer named on this revision can review it.',
  approvalNotApprover: 'Only an approver named on this revision can approve it.',
  signatureAlreadyGiven: 'You have already responded to this revision.',
  approvalBeforeReviews: 'This revision can be approved once every reviewer has reviewed it.',
  signatureRevisionRejected:
    'This revision was rejected. It can be signed again once it is changed (General, Quality Actions or References).',
  reviewAdded: 'Your review is signed',
  approvalAdded: 'Your approval is signed',
  signingSettingsSaved: 'The signing settings are saved',
  // Document exports and controlled copies (docs/api.md).
  controlledCopyPdfOnly:
    'A controlled copy can be made of a PDF file only; the controlled file of this revision is not a PDF.',
  controlledCopyUnreadable:
    'The controlled file of this revision cannot be read as a PDF (it is damaged or protected by a password), so no controlled copy can be made of it.',
  // HR records (spec 03 sections 2, 6-8; docs/api.md).
  hrRecordEdited: 'The record is successfully edited',
  hrRecordDeleted: 'The record is successfully deleted',
  hrRecordsDeleted: 'The records are successfully deleted',
  hrRecordOfMember:
    'Only the records of people who no longer belong to the organization can be deleted; {name} still belongs to it.',
  hrRecordCvUnknown: 'The CV must be a file uploaded to this organization.',
  hrRecordIdMismatch: 'The record in the request body is not the record of the address.',
  // The person's language (the web's switch and the e-mails).
  invalidLanguage: 'Please, choose one of the languages: en, el, it, sr, es, de, ru.',
} as const;

export type MessageKey = keyof typeof messages;

/**
 * The catalogue key of a message text, with the values of its `{placeholders}`, so a client can
 * show the text in its own language: `messageKeyOf('The access code has been sent to a@b.test')`
 * is `{ messageKey: 'accessCodeSent', messageParams: { email: 'a@b.test' } }`. A text that is not
 * in the catalogue (a framework's own message) has no key; the client shows it as it is.
 */
export interface KeyedMessage {
  messageKey: MessageKey;
  messageParams?: Record<string, string>;
}

const KEY_OF_TEXT = new Map<string, MessageKey>();
const TEMPLATES: { key: MessageKey; pattern: RegExp; names: string[] }[] = [];
for (const [key, text] of Object.entries(messages) as [MessageKey, string][]) {
  const names = [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  if (names.length === 0) {
    if (!KEY_OF_TEXT.has(text)) KEY_OF_TEXT.set(text, key);
    continue;
  }
  const source = text
    .split(/\{\w+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('(.+?)');
  TEMPLATES.push({ key, pattern: new RegExp(`^${source}$`, 's'), names });
}

export function messageKeyOf(text: string): KeyedMessage | undefined {
  const exact = KEY_OF_TEXT.get(text);
  if (exact) return { messageKey: exact };
  for (const { key, pattern, names } of TEMPLATES) {
    const match = pattern.exec(text);
    if (match) return { messageKey: key, messageParams: Object.fromEntries(names.map((n, i) => [n, match[i + 1]!])) };
  }
  return undefined;
}
