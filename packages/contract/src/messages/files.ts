/** Uploads: images and files (docs/decisions/0005-files-images-and-organization-files.md). */
export const filesMessages = {
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
} as const;
