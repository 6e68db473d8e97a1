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
  passwordMismatch: "Password doesn't match",
  noAccessPermissions:
    'You currently have no access permissions allowed within the current Organization. Please, contact your administrator or support team for more information and help',
  organizationInactive: 'This organization is inactive. Please, contact your support team.',
  pageNotFound: 'Sorry, page not found',
  invalidSortColumn: 'This column cannot be used for sorting.',
  imageFormat: 'Please, upload a file in one of the formats allowed: JPG, JPGs, JPEG, PNG, SVG',
  imageTooLarge: 'Please, upload an image - 10Mb max.',
  fileTooLarge: 'The file is too large, please upload a file 30Mb max.',
  fileMissing: 'Please, choose a file to upload.',
} as const;

export type MessageKey = keyof typeof messages;
