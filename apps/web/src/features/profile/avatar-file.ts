import { IMAGE_EXTENSIONS, IMAGE_MAX_BYTES, messages } from '@qualis/contract';

/** The avatar checks of spec 01 section 5, before cropping: the key of the message, or null. */
export function avatarFileProblem(file: Pick<File, 'name' | 'size'>): 'imageFormat' | 'imageTooLarge' | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!file.name.includes('.') || !(IMAGE_EXTENSIONS as readonly string[]).includes(extension)) return 'imageFormat';
  if (file.size > IMAGE_MAX_BYTES) return 'imageTooLarge';
  return null;
}

export const avatarMessages = { imageFormat: messages.imageFormat, imageTooLarge: messages.imageTooLarge };
