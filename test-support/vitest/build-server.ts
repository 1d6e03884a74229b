import type { TestProject } from 'vitest/node';
import { ensureServerBuilt } from '#test-support/portal-process';
import { makeDatabaseImages, removeDatabaseImages } from './database-images';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Migrated databases each integration test copies (database-images.ts). */
    databaseImages: { pglite: string; postgresTemplate?: string };
  }
}

/**
 * Vitest global setup: the server and the database template are built once, before any worker
 * starts, so tests that start the real server (startPortal) neither race each other to build
 * them nor spend their own time limits on it. Then the migrated database images the
 * integration tests start from; the returned function removes them after the run.
 */
export default async function buildServer(project: TestProject) {
  ensureServerBuilt();
  const adminUrl = process.env.TEST_DATABASE_URL;
  const images = await makeDatabaseImages(adminUrl);
  project.provide('databaseImages', images);
  return () => removeDatabaseImages(images, adminUrl);
}
