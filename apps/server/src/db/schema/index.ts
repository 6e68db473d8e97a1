export * from './organizations.js';
export * from './sessions.js';
export * from './platform.js';
export * from './verification.js';
export * from './jobs.js';
