import { Send } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { sendFormSchema } from '#shared/schemas/forms';

/**
 * Send to Partners. As the spec says, nothing is actually sent (there is no mail delivery
 * yet); the person gets the confirmation toast. See docs/decisions/0031-form-builder.md.
 */
export function SendForm() {
  const id = useId();
  const [partnerName, setPartnerName] = useState('');
  const [partnerEmail, setPartnerEmail] = useState('');

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = sendFormSchema.safeParse({ partnerName, partnerEmail });
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]!.message);
      return;
    }
    toast.success(`Form sent to ${parsed.data.partnerName} at ${parsed.data.partnerEmail}`);
    setPartnerName('');
    setPartnerEmail('');
  };

  return (
    <Card className="max-w-xl">
      <CardHeader>
        <CardTitle className="text-xl">Send to Partners</CardTitle>
        <CardDescription>Share a form with a ministry partner.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="space-y-4" onSubmit={submit} noValidate aria-label="Send to Partners">
          <div className="space-y-2">
            <Label htmlFor={`${id}-name`}>Partner Name</Label>
            <Input
              id={`${id}-name`}
              value={partnerName}
              required
              maxLength={100}
              onChange={(e) => setPartnerName(e.target.value)}
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor={`${id}-email`}>Partner Email</Label>
            <Input
              id={`${id}-email`}
              type="email"
              value={partnerEmail}
              required
              maxLength={255}
              onChange={(e) => setPartnerEmail(e.target.value)}
            />
          </div>
          <Button type="submit">
            <Send aria-hidden="true" />
            Send Form
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
