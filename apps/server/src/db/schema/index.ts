export * from './organizations.js';
export * from './sessions.js';
export * from './platform.js';
export * from './verification.js';
export * from './jobs.js';
export * from './access-codes.js';
export * from './notifications.js';
export * from './user-groups.js';
