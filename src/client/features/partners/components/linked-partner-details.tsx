import { useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { useEffect } from 'react';
import { usePartner } from '../api/get-partner';
import { PartnerDetailsDialog } from './partner-details-dialog';

/**
 * A partner's details opened by address (`/partners?partner=<id>`): the Giving screen links each
 * gift's partner here. Closing it takes the parameter away; an unknown partner says so.
 */
export function LinkedPartnerDetails({ zones }: { zones: string[] }) {
  const [params, setParams] = useSearchParams();
  const id = params.get('partner');
  const close = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('partner');
        return next;
      },
      { replace: true },
    );
  if (!id) return null;
  return <Details key={id} id={id} zones={zones} onClose={close} />;
}

function Details({ id, zones, onClose }: { id: string; zones: string[]; onClose: () => void }) {
  const partner = usePartner(id);
  const failed = partner.isError;
  useEffect(() => {
    if (!failed) return;
    toast.error('Partner not found', { description: 'The partner may have been removed.' });
    onClose();
  }, [failed, onClose]);
  if (!partner.data) return null;
  return <PartnerDetailsDialog partner={partner.data} zones={zones} opener={null} onClose={onClose} />;
}
