import { v7 as uuidv7 } from 'uuid';

/** Entity ids: UUIDv7, unguessable and ordered by creation, which keeps indexes compact. */
export const newId = (): string => uuidv7();
