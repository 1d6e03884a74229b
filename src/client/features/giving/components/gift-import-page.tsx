import { ImportWizard } from '@/components/import-wizard/import-wizard';
import { PageHeader } from '@/components/page-header';

/** /giving/import: gifts from a bank's or a giving service's CSV (issue 19 item 6). */
export function GiftImportPage() {
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Import gifts"
        description="Bring in the gifts a bank or an online giving service lists in a CSV file. Nothing is saved until you confirm, and an import can be undone as a whole."
      />
      <ImportWizard
        base="/api/giving/imports"
        noun="gifts"
        sourceExamples={['Bank', 'Online giving']}
        done={{ to: '/giving', label: 'See the gifts' }}
      />
    </div>
  );
}
