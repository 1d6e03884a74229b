/// <reference types="vite-plugin-pwa/client" />

interface ImportMetaEnv {
  /** Set by vite.config.ts for each build: saved answers are kept per build (persist-cache.ts). */
  readonly VITE_BUILD_ID?: string;
}
