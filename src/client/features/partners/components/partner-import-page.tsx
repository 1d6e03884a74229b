import { ImportWizard } from '@/components/import-wizard/import-wizard';
import { PageHeader } from '@/components/page-header';

/** /partners/import: partners from a spreadsheet or a church or donor system's CSV export (issue 20 item 4). */
export function PartnerImportPage() {
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Import partners"
        description="Bring in partners from a spreadsheet or from your church or donor system's CSV export. Nothing is saved until you confirm, and an import can be undone as a whole."
      />
      <ImportWizard
        base="/api/partners/imports"
        noun="partners"
        sourceExamples={['Church database', 'Spreadsheet']}
        done={{ to: '/partners', label: 'See the partners' }}
      />
    </div>
  );
}
