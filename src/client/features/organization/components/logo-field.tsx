import { useRef } from 'react';
import { toast } from '@/lib/toast';
import { ConfirmAction } from '@/components/confirm-action';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ORGANIZATION_LIMITS, ORGANIZATION_MESSAGES } from '#shared/schemas/organization';
import { useRemoveLogo, useUploadLogo } from '../api/change-logo';

const LOGO_TYPES = ['image/png', 'image/jpeg'];

/** The logo: a preview, Upload/Replace, and Remove after a confirmation. */
export function LogoField({ logoUrl }: { logoUrl: string | null }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const busy = upload.isPending || remove.isPending;

  const onFile = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    // Checked here for a quick answer; the server checks the content again.
    if (!LOGO_TYPES.includes(file.type)) return void toast.error(ORGANIZATION_MESSAGES.logoType);
    if (file.size > ORGANIZATION_LIMITS.logoBytes) return void toast.error(ORGANIZATION_MESSAGES.logoTooLarge);
    try {
      await upload.mutateAsync(file);
      toast.success('Logo saved');
    } catch (err) {
      toast.error('Failed to save the logo', { description: err instanceof Error ? err.message : String(err) });
    }
  };
  const onRemove = async () => {
    try {
      await remove.mutateAsync();
      toast.success('Logo removed');
    } catch (err) {
      toast.error('Failed to remove the logo', { description: err instanceof Error ? err.message : String(err) });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Logo</CardTitle>
        <CardDescription>Optional. A PNG or JPEG image of at most 1 MB, printed on statements.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {logoUrl ? (
          <img src={logoUrl} alt="The ministry's logo" className="max-h-24 max-w-60 rounded border bg-white p-2" />
        ) : (
          <p className="text-sm text-muted-foreground">No logo yet.</p>
        )}
        <input
          ref={input}
          id="organization-logo"
          type="file"
          accept="image/png,image/jpeg"
          className="sr-only"
          tabIndex={-1}
          aria-label="Logo file"
          onChange={(event) => void onFile(event.target.files?.[0])}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="button" variant="outline" disabled={busy} onClick={() => input.current?.click()}>
            {upload.isPending ? 'Uploading...' : logoUrl ? 'Replace logo' : 'Upload logo'}
          </Button>
          {logoUrl && (
            <ConfirmAction
              trigger={
                <Button type="button" variant="outline" disabled={busy}>
                  Remove logo
                </Button>
              }
              title="Remove the logo?"
              description="Statements will be printed without a logo until you upload another."
              confirmLabel="Remove logo"
              onConfirm={() => void onRemove()}
            />
          )}
        </div>
      </CardContent>
    </Card>
  );
}
