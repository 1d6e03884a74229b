import { FileDown } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { statementUrl, statementYears } from '../api/statements';

/**
 * A partner's year-end statement: pick the year, then a plain link downloads the PDF (the
 * browser saves it; a partner without gifts that year gets one that says so).
 */
export function StatementDownload({ partnerId }: { partnerId: string }) {
  const years = statementYears();
  const [year, setYear] = useState(years[0]!);
  const selectId = useId();
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="space-y-1">
        <Label htmlFor={selectId} className="text-xs">
          Statement year
        </Label>
        <NativeSelect
          id={selectId}
          className="h-9 w-28"
          value={year}
          onChange={(event) => setYear(Number(event.target.value))}
        >
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button asChild variant="outline" size="sm">
        <a href={statementUrl(partnerId, year)} download>
          <FileDown aria-hidden="true" />
          Download statement
        </a>
      </Button>
    </div>
  );
}
