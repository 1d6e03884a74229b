/**
 * The one schema for both PGlite and PostgreSQL, one file per feature under `schema/`. Column
 * names are snake_case; the better-auth tables keep the property names its drizzle adapter
 * expects. Everything imports the tables from here; drizzle-kit reads this file.
 */
export * from './schema/accounts';
// How search compares text (decision 0180); the indexes and the queries share it.
export { folded, foldedContains } from './schema/columns';
export * from './schema/activity';
export * from './schema/calendar';
export * from './schema/chat';
export * from './schema/files';
export * from './schema/forms';
export * from './schema/giving';
export * from './schema/imports';
export * from './schema/messaging';
export * from './schema/onboarding';
export * from './schema/partners';
export * from './schema/platform';
export * from './schema/tasks';
