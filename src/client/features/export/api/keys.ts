export const exportKeys = {
  all: ['export'] as const,
  latest: ['export', 'latest'] as const,
};

/** Where a finished export downloads (a plain link: the browser saves the zip). */
export const exportDownloadUrl = (jobId: string) => `/api/export/${jobId}/download`;
